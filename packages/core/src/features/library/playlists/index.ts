// What library/playlists offers the other features: they import it from here alone.

export { countPlaylists } from './playlists.service';
