// The inbox for other modules: system messages (welcome, rewards, orders).
export { type NewMessage, sendSystemMessages } from './service.ts';
