// What people/subscriptions offers the other features: they import it from here alone.

export {
  countSubscribers,
  countSubscriptions,
  isSubscribed,
  listSubscribers,
  listSubscriptions,
  setSubscription,
} from './subscriptions.service';
