import { useState } from "react";
import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { checkImageFile, IMAGE_ACCEPT, type ImageFileProblem } from "@/shared/lib/image-file";
import { usePreviewUrl } from "@/shared/lib/use-preview-url";
import { useUpdateAvatar } from "../api/update-avatar";
import { UserAvatar } from "./user-avatar";

interface AvatarEditorProps {
  username: string;
  avatarUrl: string;
  size: number;
}

/**
 * The owner's avatar: pick a file, see it in place, then upload it or cancel. Nothing is sent before Upload.
 * While a file is picked the picker is replaced by Upload and Cancel, so each new pick starts from a fresh input.
 */
export function AvatarEditor({ username, avatarUrl, size }: AvatarEditorProps) {
  const { t } = useTranslation("profile");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImageFileProblem | null>(null);
  const preview = usePreviewUrl(file);
  const upload = useUpdateAvatar(username);

  const cancel = () => {
    setFile(null);
    upload.reset();
  };

  const pick = (picked: File | null) => {
    upload.reset();
    if (!picked) return;
    const found = checkImageFile(picked);
    setProblem(found);
    setFile(found ? null : picked);
  };

  const submit = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: "green", message: t("avatar.uploaded") });
      },
    });
  };

  const error = problem ? t(`avatar.${problem}`) : upload.isError ? describeError(upload.error) : null;

  return (
    <Stack align="center" gap="sm">
      <UserAvatar
        username={username}
        src={preview ?? avatarUrl}
        alt={preview ? t("avatar.previewAlt") : t("avatar.alt", { username })}
        size={size}
      />
      {file ? (
        <Group gap="xs" justify="center">
          <Button size="xs" onClick={submit} loading={upload.isPending}>
            {t("avatar.upload")}
          </Button>
          <Button size="xs" variant="default" onClick={cancel} disabled={upload.isPending}>
            {t("avatar.cancel")}
          </Button>
        </Group>
      ) : (
        <FileButton onChange={pick} accept={IMAGE_ACCEPT} inputProps={{ "aria-label": t("avatar.change") }}>
          {(props) => (
            <Button {...props} size="xs" variant="light">
              {t("avatar.change")}
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text size="sm" c="red.9" role="alert" ta="center">
          {error}
        </Text>
      )}
    </Stack>
  );
}
