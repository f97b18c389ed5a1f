// What people/friends offers the other features: they import it from here alone.

export {
  FRIEND_LISTS,
  acceptFriendRequest,
  cancelFriendRequest,
  countFriends,
  declineFriendRequest,
  getFriendshipState,
  listFriends,
  removeFriend,
  sendFriendRequest,
} from './friends.service';
export type { FriendshipState } from './friends.service';
