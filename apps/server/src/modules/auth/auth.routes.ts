import {
  API_PREFIX,
  changePasswordRequestSchema,
  codeSentResponseSchema,
  confirmPasswordResetCodeRequestSchema,
  confirmVerificationCodeRequestSchema,
  loginCodeRequestSchema,
  loginRequestSchema,
  myUserIdResponseSchema,
  passwordResetCodeRequestSchema,
  sendVerificationCodeRequestSchema,
  setNewPasswordRequestSchema,
  successResponseSchema,
  userSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  clearAuthCookies,
  readAccessToken,
  readRefreshToken,
  setAuthCookies,
} from "../../platform/auth/auth-cookies.js";
import { assignDeviceId } from "../../platform/auth/device-cookie.js";
import { guardedRoutes, requireUser, signedInUser } from "../../platform/auth/index.js";
import { requestContext, type AuthDeps } from "./auth.context.js";
import { presentUser } from "../users/users.presenter.js";
import { changePassword, refreshSession, signIn, signOut, signOutEverywhere } from "./auth.service.js";
import { confirmPasswordResetCode, sendPasswordResetCode, setNewPassword } from "./auth-password-reset.service.js";
import { confirmSignUp, sendSignUpCode } from "./auth-sign-up.service.js";
import { sendSignInCode, signInWithCode } from "./auth-sign-in-code.service.js";
import { noticeNewDevice } from "./auth-new-device.service.js";
import { errorResponses } from "../../platform/http/error-responses.js";

export type AuthRoutesOptions = { deps: AuthDeps };

const tags = ["auth"];
const ok = { success: true } as const;

/** The Auth calls of SPEC.md §7, plus sign-out everywhere and password change (credentials live here too). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { deps }) => {
  // The device cookie comes with the current-user call the web app makes on every start, guest or not, and
  // is then recorded by every session the browser starts. The credential calls' answers keep carrying only
  // the token cookies.
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.url === `${API_PREFIX}/auth/`) assignDeviceId(request, reply);
  });

  app.post(
    "/auth/login",
    {
      schema: {
        tags,
        summary: "Sign in; with `code` (from /auth/login-code) also while the account's sign-in is locked",
        body: loginRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const { code } = request.body;
      const context = requestContext(request);
      const { user, tokens } =
        code === undefined
          ? await signIn(deps, request.body, context)
          : await signInWithCode(deps, { ...request.body, code }, context);
      setAuthCookies(reply, tokens);
      noticeNewDevice(deps, user, tokens.sessionId, context);
      return presentUser(user);
    },
  );

  app.post(
    "/auth/login-code",
    {
      schema: {
        tags,
        summary: "Mail a sign-in code if the password is right (same answer either way)",
        body: loginCodeRequestSchema,
        response: { 200: codeSentResponseSchema, ...errorResponses(422, 429) },
      },
    },
    (request) => sendSignInCode(deps, request.body, requestContext(request)),
  );

  app.post(
    "/auth/send-verification-code",
    {
      schema: {
        tags,
        summary: "Sign-up step one: mail a code, unless the e-mail or username is taken",
        body: sendVerificationCodeRequestSchema,
        response: { 200: codeSentResponseSchema, ...errorResponses(409, 422, 429, 502) },
      },
    },
    (request) => sendSignUpCode(deps, request.body, requestContext(request)),
  );

  app.post(
    "/auth/confirm-verification-code",
    {
      schema: {
        tags,
        summary: "Sign-up step two: create the account with the mailed code and sign in",
        body: confirmVerificationCodeRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { user, tokens } = await confirmSignUp(deps, request.body, requestContext(request));
      setAuthCookies(reply, tokens);
      return presentUser(user);
    },
  );

  app.post(
    "/auth/password-reset-code",
    {
      schema: {
        tags,
        summary: "Password reset step one: mail a code (same answer for unknown e-mails)",
        body: passwordResetCodeRequestSchema,
        response: { 200: codeSentResponseSchema, ...errorResponses(422, 429, 502) },
      },
    },
    (request) => sendPasswordResetCode(deps, request.body, requestContext(request)),
  );

  app.post(
    "/auth/confirm-password-reset-code",
    {
      schema: {
        tags,
        summary: "Password reset step two: check the code without using it up",
        body: confirmPasswordResetCodeRequestSchema,
        response: { 200: successResponseSchema, ...errorResponses(400, 422, 429) },
      },
    },
    async (request) => {
      await confirmPasswordResetCode(deps, request.body, requestContext(request));
      return ok;
    },
  );

  app.post(
    "/auth/set-new-password",
    {
      schema: {
        tags,
        summary: "Password reset step three: set the password, end every session, sign in afresh",
        body: setNewPasswordRequestSchema,
        response: { 200: successResponseSchema, ...errorResponses(400, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      setAuthCookies(reply, await setNewPassword(deps, request.body, requestContext(request)));
      return ok;
    },
  );

  app.post(
    "/auth/update-tokens",
    {
      schema: {
        tags,
        summary: "Rotate the refresh token and issue a new access token",
        response: { 200: successResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      try {
        setAuthCookies(reply, await refreshSession(deps, readRefreshToken(request), requestContext(request)));
      } catch (error) {
        // Whatever went wrong, the cookies are useless now; the client is a guest until it signs in again.
        clearAuthCookies(reply);
        throw error;
      }
      return ok;
    },
  );

  app.post(
    "/auth/logout",
    { schema: { tags, summary: "End this session and forget its cookies", response: { 200: successResponseSchema } } },
    async (request, reply) => {
      await signOut(deps, { refreshToken: readRefreshToken(request), accessToken: readAccessToken(request) });
      clearAuthCookies(reply);
      return ok;
    },
  );

  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.post(
        "/auth/",
        {
          config: { apiScope: "any" },
          schema: { tags, summary: "The signed-in user", response: { 200: userSchema, ...errorResponses(401, 403) } },
        },
        (request) => deps.ownUsers.get(signedInUser(request).id),
      );

      signedIn.post(
        "/auth/logout-all",
        {
          schema: {
            tags,
            summary: "End every session of the user, this one included",
            response: { 200: successResponseSchema, ...errorResponses(401, 403) },
          },
        },
        async (request, reply) => {
          await signOutEverywhere(deps, signedInUser(request));
          clearAuthCookies(reply);
          return ok;
        },
      );

      signedIn.get(
        "/auth/get-my-user-id",
        {
          config: { apiScope: "any" },
          schema: {
            tags,
            summary: "The signed-in user's id",
            response: { 200: myUserIdResponseSchema, ...errorResponses(401, 403) },
          },
        },
        (request) => ({ user_id: signedInUser(request).id }),
      );

      signedIn.post(
        "/users/password",
        {
          schema: {
            tags,
            summary: "Change the password; the user's other sessions end",
            body: changePasswordRequestSchema,
            response: { 200: successResponseSchema, ...errorResponses(400, 401, 403, 422, 429) },
          },
        },
        async (request) => {
          await changePassword(deps, signedInUser(request), request.body);
          return ok;
        },
      );
    }),
  );
};
