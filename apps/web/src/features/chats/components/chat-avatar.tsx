import { Avatar } from "@mantine/core";

/** The other user's avatar, or the first letter of their name when they have none (SPEC §2 Chats). */
export function ChatAvatar({ username, src, size }: { username: string; src: string; size: number }) {
  return (
    // The name is always written beside it, so the picture is decorative.
    <Avatar src={src || null} alt="" size={size} color="initials" name={username} radius="50%">
      {username.charAt(0).toUpperCase()}
    </Avatar>
  );
}
