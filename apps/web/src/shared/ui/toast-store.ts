import { create } from 'zustand';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

/** Toast options as spec §3 lists them. */
export interface ToastOptions {
  type?: ToastType;
  message: string;
  /** ms; 0 keeps it open until closed. Default 3000 (spec §9). */
  duration?: number;
  showClose?: boolean;
  /** Distance from the top in px. Default 16. */
  offset?: number;
  /** Identical messages merge into one with a counter. */
  grouping?: boolean;
  onClose?: () => void;
}

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
  showClose: boolean;
  offset: number;
  grouping: boolean;
  /** How many times this message was raised while shown (grouping). */
  repeatNum: number;
  onClose?: () => void;
}

export const TOAST_DEFAULT_DURATION = 3000;
export const TOAST_DEFAULT_OFFSET = 16;

interface ToastState {
  items: ToastItem[];
  show(options: ToastOptions): number;
  close(id: number): void;
  closeAll(): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  items: [],
  show(options) {
    const type = options.type ?? 'info';
    if (options.grouping) {
      const same = get().items.find((t) => t.grouping && t.message === options.message && t.type === type);
      if (same) {
        set((s) => ({
          items: s.items.map((t) => (t.id === same.id ? { ...t, repeatNum: t.repeatNum + 1 } : t)),
        }));
        return same.id;
      }
    }
    const item: ToastItem = {
      id: nextId++,
      type,
      message: options.message,
      duration: options.duration ?? TOAST_DEFAULT_DURATION,
      showClose: options.showClose ?? false,
      offset: options.offset ?? TOAST_DEFAULT_OFFSET,
      grouping: options.grouping ?? false,
      repeatNum: 1,
      onClose: options.onClose,
    };
    set((s) => ({ items: [...s.items, item] }));
    return item.id;
  },
  close(id) {
    const item = get().items.find((t) => t.id === id);
    if (!item) return;
    set((s) => ({ items: s.items.filter((t) => t.id !== id) }));
    item.onClose?.();
  },
  closeAll() {
    for (const t of get().items) get().close(t.id);
  },
}));

const raise =
  (type: ToastType) =>
  (message: string, options: Omit<ToastOptions, 'message' | 'type'> = {}) =>
    useToastStore.getState().show({ grouping: true, ...options, message, type });

/** `toast.success('复制成功')`; identical messages group by default. */
export const toast = {
  show: (options: ToastOptions) => useToastStore.getState().show(options),
  success: raise('success'),
  info: raise('info'),
  warning: raise('warning'),
  error: raise('error'),
  closeAll: () => useToastStore.getState().closeAll(),
};
