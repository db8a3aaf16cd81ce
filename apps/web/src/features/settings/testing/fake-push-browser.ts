import { vi } from "vitest";

/** A subscription as a browser's push service hands it out. */
export class FakePushSubscription {
  unsubscribed = false;

  constructor(
    readonly endpoint: string,
    readonly applicationServerKey: Uint8Array,
  ) {}

  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: "BPublicKeyOfTheBrowser", auth: "authSecret16" },
    };
  }

  unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    return Promise.resolve(true);
  }
}

/**
 * The browser's part of web push, in memory (jsdom has none): Notification permission, the service worker
 * container and its registration's PushManager. `answer` is what the permission prompt says when asked; the
 * test reads which worker was registered, with which key the page subscribed, and what it dropped.
 */
export class FakePushBrowser {
  permission: NotificationPermission = "default";
  answer: NotificationPermission = "granted";
  readonly registered: string[] = [];
  subscription: FakePushSubscription | null = null;
  private subscriptions = 0;

  install(): void {
    const pushManager = {
      getSubscription: () => Promise.resolve(this.subscription?.unsubscribed ? null : this.subscription),
      subscribe: ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
        this.subscriptions += 1;
        this.subscription = new FakePushSubscription(
          `https://push.example.test/send/${this.subscriptions}`,
          applicationServerKey,
        );
        return Promise.resolve(this.subscription);
      },
    };
    const registration = { pushManager };
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: {
        register: (url: string) => {
          this.registered.push(url);
          return Promise.resolve(registration);
        },
        ready: Promise.resolve(registration),
        getRegistration: () => Promise.resolve(this.registered.length > 0 ? registration : undefined),
      },
    });
    vi.stubGlobal("PushManager", class {});
    const permission = () => this.permission;
    vi.stubGlobal("Notification", {
      get permission() {
        return permission();
      },
      requestPermission: () => {
        this.permission = this.answer;
        return Promise.resolve(this.answer);
      },
    });
  }

  /** Puts jsdom back as it was (the stubbed globals are undone after every test by the setup). */
  uninstall(): void {
    Reflect.deleteProperty(navigator, "serviceWorker");
  }
}
