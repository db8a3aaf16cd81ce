/**
 * The API client learns that the session is gone (the refresh failed), but the current user lives in the
 * app's query cache, which shared code must not know about: the app subscribes here and clears it.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionLost(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitSessionLost(): void {
  for (const listener of listeners) listener();
}
