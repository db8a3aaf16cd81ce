import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
} from "@lootlane/contract";
import { api } from "@/shared/api/api";

export const webhooksQueryKey = ["webhooks"] as const;
const deliveriesQueryKey = (webhookId: string) => ["webhooks", webhookId, "deliveries"] as const;

/** GET /webhooks: the user's endpoints, never their secrets. */
export async function getWebhooks(): Promise<Webhook[]> {
  return webhookListSchema.parse(await api.get("webhooks").json()).webhooks;
}

export function useWebhooks() {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: getWebhooks });
}

/** POST /webhooks: the answer holds the signing secret, shown once. */
export async function createWebhook(request: CreateWebhookRequest): Promise<CreatedWebhook> {
  return createdWebhookSchema.parse(await api.post("webhooks", { json: request }).json());
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export async function deleteWebhook(id: string): Promise<void> {
  await api.delete(`webhooks/${encodeURIComponent(id)}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** GET /webhooks/{id}/deliveries: the latest deliveries with their tries, newest first. */
export async function getDeliveries(webhookId: string): Promise<WebhookDelivery[]> {
  const answer = await api.get(`webhooks/${encodeURIComponent(webhookId)}/deliveries`).json();
  return webhookDeliveryListSchema.parse(answer).deliveries;
}

export function useDeliveries(webhookId: string) {
  return useQuery({ queryKey: deliveriesQueryKey(webhookId), queryFn: () => getDeliveries(webhookId) });
}

/** POST …/resend: one try now; the list then shows it. */
export async function resendDelivery({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  const path = `webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`;
  return webhookDeliverySchema.parse(await api.post(path).json());
}

export function useResendDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendDelivery({ webhookId, deliveryId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(webhookId) }),
  });
}
