import { beforeEach } from 'vitest';
import { reportOpenPages } from './failure-report.ts';

// Every end-to-end test: when it fails, the log says what the browsers showed (failure-report.ts).
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportOpenPages(task.name, task.file?.name));
});
