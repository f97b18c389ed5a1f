// What library/votes offers the other features: they import it from here alone.

export { countFavorites, listFavoriteVideos, setFavorite, voteVideo } from './votes.service';
