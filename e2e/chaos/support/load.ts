import type { PurchaseResult, SendMessageAck, User } from "@lootlane/contract";
import type { TestMailServer } from "@lootlane/server/test/test-mail";
import { connectSocket, newVisitor, type LiveSocket, type Visitor } from "../../support/scale-out.js";
import { password, range, type Buyer, type Product, type World } from "./world.js";

/**
 * What became of one request: answered 200 (`ok`), answered anything else (`refused`), or sent with no answer
 * because the server died under it (`lost`: it may or may not have happened, but all of it or nothing).
 * A request the halted load never sent, or that found no server listening, is not recorded: it cannot have
 * happened.
 */
export type Answer<T> =
  { kind: "ok"; value: T } | { kind: "refused"; status: number; body: string } | { kind: "lost"; error: string };

export type PurchaseAttempt = { buyer: Buyer; product: Product; answer: Answer<PurchaseResult> };
export type MessageAttempt = { buyer: Buyer; text: string; answer: Answer<{ id: string }> };
export type SignUpAttempt = { username: string; email: string; visitor: Visitor; answer: Answer<User> };

/**
 * After a message refused SERVER_BUSY (the server shedding load), the sender waits this long and sends it again
 * under a new text, as a person would press Send again: the refused one must not have been stored.
 */
const SERVER_BUSY_PAUSE_MS = 250;

/** A chat message the server refused because it was too busy to store it; only then is it sent again. */
export function isServerBusy({ answer }: MessageAttempt): boolean {
  return answer.kind === "refused" && (JSON.parse(answer.body) as { error_code?: string }).error_code === "SERVER_BUSY";
}

/**
 * Sign-ups at once: each costs several argon2 hashes, so all of them together would all finish together, late;
 * a few at a time keep them being answered all along, as purchases and messages are.
 */
const SIGN_UP_WORKERS = 5;

export type LoadPlan = { messagesPerBuyer: number; signUps: number; tag: string };

export type Load = {
  purchases: PurchaseAttempt[];
  messages: MessageAttempt[];
  signUps: SignUpAttempt[];
  /** Share of each kind of request answered 200 so far, of all that the plan would send. */
  progress(): { purchases: number; messages: number; signUps: number };
  /** Sends nothing more; the returned promise settles once every request sent has its answer or its error. */
  halt(): Promise<void>;
};

/**
 * Runs the three loads against a live server at once, each with requests always in flight: every buyer buys
 * their products one after another and, over their own socket, sends their chat messages one after another
 * (so no sender passes the chat's per-minute limit), while new people sign up a few at a time. A sign-up is
 * far slower than a purchase (argon2, a mail), so purchases and messages start once the first sign-up is
 * answered: otherwise, on the embedded database, they could all be done before sign-ups got going.
 */
export async function startLoad(baseUrl: string, mail: TestMailServer, world: World, plan: LoadPlan): Promise<Load> {
  const sockets = await Promise.all(world.buyers.map((buyer) => connectSocket(baseUrl, buyer.visitor)));
  const state = { halted: false };
  const purchases: PurchaseAttempt[] = [];
  const messages: MessageAttempt[] = [];
  const signUps: SignUpAttempt[] = [];

  let firstSignUp!: () => void;
  const signedUpOnce = new Promise<void>((resolve) => (firstSignUp = resolve));
  const joining = range(SIGN_UP_WORKERS).map(async (worker) => {
    for (let index = worker; index < plan.signUps; index += SIGN_UP_WORKERS) {
      if (state.halted) return;
      const username = `cn${index}_${plan.tag}`;
      const email = `${username}@chaos.test`;
      const visitor = newVisitor();
      const code = await httpAnswer(
        visitor.at(baseUrl).call("POST", "/auth/send-verification-code", { email, username }),
      );
      if (!code || code.kind !== "ok" || state.halted) return;
      const email_code = mail.latestCodeFor(email);
      const answer = await httpAnswer<User>(
        visitor.at(baseUrl).call("POST", "/auth/confirm-verification-code", { email, username, password, email_code }),
      );
      if (answer) signUps.push({ username, email, visitor, answer });
      if (answer?.kind === "ok") firstSignUp();
    }
  });

  const buying = world.buyers.map(async (buyer) => {
    await signedUpOnce;
    for (const product of buyer.products) {
      if (state.halted) return;
      const answer = await httpAnswer<PurchaseResult>(
        buyer.visitor.at(baseUrl).call("POST", "/products/buy", { product_id: product.id }),
      );
      if (answer) purchases.push({ buyer, product, answer });
    }
  });

  const talking = world.buyers.map(async (buyer, index) => {
    const socket = sockets[index]!;
    await signedUpOnce;
    for (const sequence of range(plan.messagesPerBuyer)) {
      for (let attempt = 0; ; attempt += 1) {
        if (state.halted || !socket.connected) return;
        const text = `chaos ${plan.tag} from ${buyer.user.username} #${sequence}.${attempt}`;
        const answer = await socketAnswer(socket, buyer.chatId, text);
        const message = { buyer, text, answer };
        messages.push(message);
        if (!isServerBusy(message)) break;
        await new Promise((resolve) => setTimeout(resolve, SERVER_BUSY_PAUSE_MS));
      }
    }
  });

  const all = Promise.all([...joining, ...buying, ...talking]);
  const okShare = (attempts: { answer: Answer<unknown> }[], planned: number) =>
    attempts.filter((attempt) => attempt.answer.kind === "ok").length / planned;
  const productCount = world.buyers.reduce((sum, buyer) => sum + buyer.products.length, 0);
  return {
    purchases,
    messages,
    signUps,
    progress: () => ({
      purchases: okShare(purchases, productCount),
      messages: okShare(messages, world.buyers.length * plan.messagesPerBuyer),
      signUps: okShare(signUps, plan.signUps),
    }),
    halt: async () => {
      state.halted = true;
      // Purchases and messages still waiting for the first sign-up then stop before they begin.
      firstSignUp();
      await all;
      for (const socket of sockets) socket.close();
    },
  };
}

/** The answer of an HTTP call, or undefined when it never reached a listening server. */
async function httpAnswer<T>(call: Promise<Response>): Promise<Answer<T> | undefined> {
  try {
    const response = await call;
    if (response.status === 200) return { kind: "ok", value: (await response.json()) as T };
    return { kind: "refused", status: response.status, body: await response.text() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") return undefined;
    return { kind: "lost", error: String(error) };
  }
}

/** The acknowledgement of one chat message, or `lost` when the socket closed before it came. */
function socketAnswer(socket: LiveSocket, chatId: string, text: string): Promise<Answer<{ id: string }>> {
  return new Promise((resolve) => {
    const closed = (reason: string) => resolve({ kind: "lost", error: `socket closed: ${reason}` });
    socket.once("disconnect", closed);
    socket.emit("send_message", { chat_id: chatId, message: text }, (ack: SendMessageAck) => {
      socket.off("disconnect", closed);
      resolve(
        ack.ok
          ? { kind: "ok", value: { id: ack.message.id } }
          : { kind: "refused", status: 0, body: JSON.stringify(ack.error) },
      );
    });
  });
}
