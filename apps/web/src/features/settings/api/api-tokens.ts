import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  apiTokenListSchema,
  createdApiTokenSchema,
  type ApiToken,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from "@lootlane/contract";
import { api } from "@/shared/api/api";

export const apiTokensQueryKey = ["tokens"] as const;

/** GET /tokens: the user's personal access tokens, never the tokens themselves. */
export async function getApiTokens(): Promise<ApiToken[]> {
  return apiTokenListSchema.parse(await api.get("tokens").json()).tokens;
}

export function useApiTokens() {
  return useQuery({ queryKey: apiTokensQueryKey, queryFn: getApiTokens });
}

/** POST /tokens: the answer holds the token, shown once. */
export async function createApiToken(request: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return createdApiTokenSchema.parse(await api.post("tokens", { json: request }).json());
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** DELETE /tokens/{id}: the token stops working at once. */
export async function revokeApiToken(id: string): Promise<void> {
  await api.delete(`tokens/${encodeURIComponent(id)}`);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
