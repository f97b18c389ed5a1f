// What people/notifications offers the other features: they import it from here alone.

export { notificationSinkOf } from './notifications.endpoints';
export { notify, notifyMany, notifyVideoPublished } from './notifications.service';
export type { NewNotification, NotificationSink } from './notifications.service';
export { notifyFriendship } from './notify-friendship';
