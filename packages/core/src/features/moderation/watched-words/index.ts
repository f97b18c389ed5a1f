// What moderation/watched-words offers the other features: they import it from here alone.

export {
  screenDetails,
  screenText,
  WATCHED_WORD_MESSAGES,
  type WatchedWordVerdict,
} from './watched-words.service';
