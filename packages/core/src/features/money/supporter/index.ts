// What money/supporter offers the other features: they import it from here alone.

export { setSupporterByHand } from './supporter.service';
