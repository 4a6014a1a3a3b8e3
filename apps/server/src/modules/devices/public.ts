// What other modules use of devices (docs/decisions/0016-module-boundaries.md): an account's
// channel attribution, and the counts of the channel report (decision 0062).
export {
  type Attribution,
  accountAttributionValues,
  attributionOf,
  attributionOfDevice,
  type CountFilter,
  countDeviceInits,
  countDownloadPageVisits,
  countRegistrations,
  firstChannelOf,
  NO_CHANNEL,
} from './attribution.ts';
