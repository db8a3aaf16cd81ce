import { Avatar } from "@mantine/core";

interface UserAvatarProps {
  username: string;
  /** A media path or address; empty when the user has none. */
  src: string;
  alt: string;
  size: number;
}

/** The avatar image, or the username's first letter on a colour of its own when there is none (SPEC §2 avatars). */
export function UserAvatar({ username, src, alt, size }: UserAvatarProps) {
  return (
    <Avatar src={src || null} alt={alt} size={size} color="initials" name={username} radius="50%">
      {username.charAt(0).toUpperCase()}
    </Avatar>
  );
}
