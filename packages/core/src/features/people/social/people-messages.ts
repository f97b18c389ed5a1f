/** Messages of the people features (docs/messages.md, docs/people.md), word for word. */
export const PEOPLE_MESSAGES = {
  alreadyUpvoted: "You've already upvoted this",
  alreadyDownvoted: "You've already downvoted this",
  userMissing: "This user doesn't exist",
  selfFriend: "You can't send a friend request to yourself",
  alreadyFriends: 'You are already friends',
  requestAlreadySent: 'You have already sent a friend request to this user',
  /** To a member asking someone who blocked them. */
  friendRequestBlockedByAddressee: (username: string) =>
    `${username} doesn't accept friend requests from you.`,
  /** To a member asking someone they blocked themselves. */
  friendRequestAddresseeBlocked: (username: string) =>
    `You have blocked ${username}. Unblock them in your settings to send a friend request.`,
  noIncomingRequest: 'There is no friend request from this user',
  noOutgoingRequest: 'You have no pending friend request to this user',
  notFriends: 'You are not friends with this user',
  onlyOwnRequests: 'Only you can see your friend requests',
  selfSubscribe: "You can't subscribe to yourself",
  playlistMissing: "This playlist doesn't exist",
  playlistNotYours: 'Only the owner of this playlist can do that',
  playlistHasVideo: 'This video is already in the playlist',
  playlistLacksVideo: 'This video is not in the playlist',
  playlistFull: 'A playlist holds at most 500 videos',
  tooManyPlaylists: 'You can have at most 200 playlists',
  reorderMismatch: 'The new order must list every video of the playlist exactly once',
  thumbnailNotInPlaylist: 'The thumbnail must be one of the videos of the playlist',
  avatarNotImage: 'This file is not an image we can read. Please choose a JPEG, PNG, WebP or GIF',
  avatarTooLarge: 'An avatar may be at most 5 MB',
  profileSaved: 'Your profile has been saved',
  // Sending a message: docs/messages.md, word for word.
  missingFields: 'Missing fields',
  notAuthenticated: 'Not authenticated',
  networkErrorSending: 'Network error sending message',
  selfMessage: "You can't send a message to yourself",
  messageMissing: "This message doesn't exist",
  messageSent: 'Your message has been sent',
} as const;

/**
 * docs/messages.md: what the compose form says when sending failed without a message from the
 * server.
 */
export const failedWithStatus = (status: number) => `Failed (status ${status})`;
