// What other modules read from the client config.
export { isPhoneAutoRegisterOn } from './service.ts';
