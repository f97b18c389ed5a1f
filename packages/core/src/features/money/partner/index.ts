// What money/partner offers the other features: they import it from here alone.

export { createPartner, setChannelDetails, setPrice } from './partner.service';
