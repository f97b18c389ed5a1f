// What library/history offers the other features: they import it from here alone.

export { recordView } from './history.service';
