// The activities' surface for other modules (the home's sweep of banner uploads keeps a picture an
// activity names: an activity's banner may be any site path, a home banner's upload included).
export { bannerUrls as activityBannerUrls } from './admin-repository.ts';
