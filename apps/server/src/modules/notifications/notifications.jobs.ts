/** The job that delivers one notification row (`{ id }`) to its recipient's channels. */
export const DELIVER_JOB = "notifications.deliver";
/** An e-mail of one notification row (`{ id }`), or of a chat's unread row (`{ user_id, chat_id }`), batched by key. */
export const EMAIL_JOB = "notifications.email";
/** A web push of one notification row (`{ id }`) to every browser the user subscribed. */
export const PUSH_JOB = "notifications.push";
