// The inbox for other modules: system messages (welcome, rewards, orders).
export { type NewMessage, sendSystemMessage, sendSystemMessages } from './service.ts';
