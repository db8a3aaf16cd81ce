import { useForm } from "@mantine/form";
import { checkEmail, checkNewPassword, checkRepeat, checkUsername } from "../lib/validation";
import { useValidationMessage } from "./use-validation-message";

export interface SignUpValues {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** Server refusals of either sign-up call that belong to a field of the first step. */
export const signUpRefusalFields = {
  codes: { EMAIL_ALREADY_EXISTS: "email", USERNAME_ALREADY_EXISTS: "username", WEAK_PASSWORD: "password" },
  serverFields: { email: "email", username: "username", password: "password" },
} as const;

/**
 * The first step's form. It lives in the page rather than the step, so going back from the code step finds
 * everything as it was typed.
 */
export function useSignUpForm() {
  const message = useValidationMessage();
  return useForm<SignUpValues>({
    initialValues: { email: "", username: "", password: "", confirmPassword: "" },
    validate: {
      email: (value) => message(checkEmail(value)),
      username: (value) => message(checkUsername(value)),
      password: (value) => message(checkNewPassword(value)),
      confirmPassword: (value, values) => message(checkRepeat(value, values.password, "passwordsMismatch")),
    },
  });
}
