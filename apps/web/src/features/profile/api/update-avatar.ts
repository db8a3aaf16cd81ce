import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userSchema } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { profileQueryKey } from "./get-profile";

const avatarAnswerSchema = userSchema.pick({ avatar_url: true });

/** PATCH /users/avatar: the image goes as the multipart field `file`; the answer is the new avatar address. */
export async function updateAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append("file", file);
  return avatarAnswerSchema.parse(await api.patch("users/avatar", { body }).json()).avatar_url;
}

/**
 * Uploads the owner's new avatar. The profile and the signed-in user both carry its address, so both are
 * refetched; the mutation stays pending until they are back, so the preview gives way to the new image, never
 * to the old one.
 */
export function useUpdateAvatar(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    // The editor shows the error beside the picture.
    meta: { notifyError: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey(username) }),
      ]),
  });
}
