import { useMutation, useQuery } from "@tanstack/react-query";
import { unsubscribeSchema, type Unsubscribe } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** GET /notifications/unsubscribe: which e-mails the link stops and whether they are still on; changes nothing. */
export async function getUnsubscribe(token: string): Promise<Unsubscribe> {
  return unsubscribeSchema.parse(await api.get("notifications/unsubscribe", { searchParams: { token } }).json());
}

/** POST /notifications/unsubscribe: turns the link's e-mails off. */
export async function unsubscribe(token: string): Promise<Unsubscribe> {
  return unsubscribeSchema.parse(await api.post("notifications/unsubscribe", { searchParams: { token } }).json());
}

/** The link's e-mails; a page opened without a token asks nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ["unsubscribe", token],
    queryFn: () => getUnsubscribe(token),
    enabled: token !== "",
    // A refused link stays refused: asking again would only delay the message.
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  // The page shows the refusal itself.
  return useMutation({ mutationFn: () => unsubscribe(token), meta: { notifyError: false } });
}
