// What moderation/watched-words offers the other features: they import it from here alone.

export { screenText } from './watched-words.service';
