// antd-mobile's package entry imports every component (it is marked as a side effect), which would
// put the whole kit into the first load. Import its components from here, by their own modules.
import 'antd-mobile/es/global';

export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
export { default as PullToRefresh } from 'antd-mobile/es/components/pull-to-refresh';
