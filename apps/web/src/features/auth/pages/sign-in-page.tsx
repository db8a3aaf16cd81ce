import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthCard } from "../components/auth-card";
import { SignInForm } from "../components/sign-in-form";

/** /signin (SPEC §2 Sign in): e-mail and password, with the way to sign up or recover the password. */
export function SignInPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard
      title={t("signIn.title")}
      description={t("signIn.description")}
      footer={
        <Text size="sm">
          {t("signIn.noAccount")}{" "}
          <Anchor component={Link} to="/signup" fw={600}>
            {t("signIn.signUpLink")}
          </Anchor>
        </Text>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
