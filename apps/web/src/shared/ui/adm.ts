// antd-mobile's package entry imports every component (it is marked as a side effect), which would
// put the whole kit into the first load. Import its components from here, by their own modules.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

// antd-mobile renders Toast/Dialog/Popup/ImageViewer imperatively; under React 19 it must be told how
// (DESIGN §3). Only pages use antd-mobile, and they all import it through this module, so this runs
// before any of its components can render, without weighing on the first load.
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  c._reactRoot ??= createRoot(container);
  const root = c._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

export { default as Collapse } from 'antd-mobile/es/components/collapse';
export { default as ImageViewer } from 'antd-mobile/es/components/image-viewer';
export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
export { default as Popup } from 'antd-mobile/es/components/popup';
export { default as PullToRefresh } from 'antd-mobile/es/components/pull-to-refresh';
export { default as Tabs } from 'antd-mobile/es/components/tabs';
