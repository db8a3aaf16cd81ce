import { useState } from "react";
import { Anchor, Center, Group, Loader, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { getCurrentUser } from "@/shared/auth/current-user";
import { useReplaceCurrentUser } from "@/shared/auth/session";
import { ArrowLeftIcon } from "@/shared/ui/icons";
import { AuthCard } from "../components/auth-card";
import { ResetCodeStep } from "../components/reset-code-step";
import { ResetEmailStep } from "../components/reset-email-step";
import { ResetPasswordStep } from "../components/reset-password-step";

/** SPEC §4 Password reset steps, each carrying what the later calls need. */
type ResetState =
  | { step: "waitEmail" }
  | { step: "waitConfirmCode"; email: string; resendAt: number }
  | { step: "waitNewPassword"; email: string; code: string }
  | { step: "done" };

/** /password-reset (SPEC §2): e-mail, code, new password; the server then signs the user in and they go home. */
export function PasswordResetPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const replaceCurrentUser = useReplaceCurrentUser();
  const [state, setState] = useState<ResetState>({ step: "waitEmail" });

  const finish = async () => {
    setState({ step: "done" });
    // The password is changed whatever happens here; if the user cannot be read they stay a guest and sign in.
    const user = await getCurrentUser().catch(() => null);
    replaceCurrentUser(user);
    notifications.show({ color: "teal", message: t("passwordReset.success") });
    void navigate("/", { replace: true });
  };

  return (
    <AuthCard
      title={t("passwordReset.title")}
      description={t(`passwordReset.description.${state.step}`)}
      footer={
        <Anchor component={Link} to="/signin" size="sm">
          <Group gap={4} component="span">
            <ArrowLeftIcon size={16} />
            {t("passwordReset.backToSignIn")}
          </Group>
        </Anchor>
      }
    >
      {state.step === "waitEmail" && (
        <ResetEmailStep onSent={(email, resendAt) => setState({ step: "waitConfirmCode", email, resendAt })} />
      )}
      {state.step === "waitConfirmCode" && (
        <ResetCodeStep
          email={state.email}
          resendAt={state.resendAt}
          onResent={(resendAt) => setState({ ...state, resendAt })}
          onConfirmed={(code) => setState({ step: "waitNewPassword", email: state.email, code })}
        />
      )}
      {state.step === "waitNewPassword" && (
        <ResetPasswordStep email={state.email} code={state.code} onChanged={() => void finish()} />
      )}
      {state.step === "done" && (
        <Center role="status" py="md" style={{ gap: "var(--mantine-spacing-sm)" }}>
          <Loader size="sm" aria-hidden="true" />
          <Text>{t("passwordReset.signingIn")}</Text>
        </Center>
      )}
    </AuthCard>
  );
}
