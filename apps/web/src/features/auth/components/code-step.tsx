import { useState, type FormEvent, type ReactNode } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CodeInput } from "@/shared/ui/code-input";
import { useValidationMessage } from "../hooks/use-validation-message";
import type { ValidationKey } from "../lib/validation";
import { ResendCode } from "./resend-code";

interface CodeStepProps {
  /** Where the code went. */
  sentTo: string;
  confirmLabel: string;
  /** The rule a code must pass before it is sent; sign-up and password reset name its failure differently. */
  check: (code: string) => ValidationKey | null;
  /** A code that passed `check`; `refuseCode` shows the server's refusal under the field. */
  onConfirm: (code: string, refuseCode: (message: string) => void) => void;
  confirming: boolean;
  /** A refusal shown above the step. */
  banner: ReactNode;
  resendAt: number;
  onResend: () => void;
  resending: boolean;
  /** Further actions, under the resend button. */
  children?: ReactNode;
}

/** The six digits from the e-mail, with the resend countdown: the step both sign-up and password reset take. */
export function CodeStep({
  sentTo,
  confirmLabel,
  check,
  onConfirm,
  confirming,
  banner,
  resendAt,
  onResend,
  resending,
  children,
}: CodeStepProps) {
  const { t } = useTranslation("auth");
  const message = useValidationMessage();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = message(check(code));
    setCodeError(problem);
    if (!problem) onConfirm(code, setCodeError);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {banner}
        <Text size="sm">{sentTo}</Text>
        <CodeInput
          label={t("fields.code")}
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeError(null);
          }}
          error={codeError}
        />
        <Button type="submit" fullWidth loading={confirming}>
          {confirmLabel}
        </Button>
        <ResendCode resendAt={resendAt} onResend={onResend} pending={resending} />
        {children}
      </Stack>
    </form>
  );
}
