import { Button, Callout, Flex, IconButton, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { CheckCircleIcon, CloseIcon, ErrorIcon, WarningIcon } from "~/components/icons";
import { toastText, type Toast, type ToastInput } from "~/utils/toast";

/** How long a success toast stays (the spec leaves the value open); warnings and errors stay until closed. */
export const SUCCESS_AUTO_HIDE_MS = 5000;

/** A toast shown from the browser may set how long a success stays (the check-out toast: 2000 ms). */
export type BrowserToastInput = ToastInput & { durationMs?: number; link?: { to: string; label: string } };
type ShownToast = Toast & { durationMs?: number; link?: { to: string; label: string } };

const ShowToast = createContext<(toast: BrowserToastInput) => void>(() => undefined);

/** Shows a toast from the browser (e.g. after a fetcher call): `const showToast = useToast()`. */
export const useToast = () => useContext(ShowToast);

let counter = 0;

/**
 * The toasts of the page: the flash toasts the root loader read from its cookie (after a redirect) and
 * any shown from the browser, in a fixed region at the bottom right. A flash toast stays until it hides
 * itself or is closed: the next run of the root loader (a live update revalidating the page, say) answers
 * no flash, and must not take the message away a moment after it showed.
 */
export function ToastProvider({ flash, children }: { flash: Toast | null; children: ReactNode }) {
  const [flashes, setFlashes] = useState<ShownToast[]>(flash ? [flash] : []);
  useEffect(() => {
    if (flash) setFlashes((kept) => (kept.some((t) => t.id === flash.id) ? kept : [...kept, flash]));
  }, [flash]);
  const [local, setLocal] = useState<ShownToast[]>([]);
  const [dismissed, setDismissed] = useState<readonly string[]>([]);
  const show = useCallback((input: BrowserToastInput) => {
    counter += 1;
    setLocal((toasts) => [...toasts, { ...input, id: input.id ?? `local-${counter}` }]);
  }, []);
  const dismiss = useCallback((id: string) => setDismissed((ids) => [...ids, id]), []);
  const visible = useMemo(() => [...flashes, ...local].filter((t: ShownToast) => !dismissed.includes(t.id)), [flashes, local, dismissed]);

  return (
    <ShowToast.Provider value={show}>
      {children}
      <section aria-label="Notifications" className="rc-toasts">
        {visible.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ShowToast.Provider>
  );
}

const LOOK = {
  success: { color: "green", Icon: CheckCircleIcon },
  warning: { color: "amber", Icon: WarningIcon },
  error: { color: "red", Icon: ErrorIcon },
} as const;

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: string) => void }) {
  const { title, description } = toastText(toast);
  const { color, Icon } = LOOK[toast.type];
  const onClose = () => onDismiss(toast.id);
  useEffect(() => {
    if (toast.type !== "success") return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs ?? SUCCESS_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast.type, toast.id, toast.durationMs, onDismiss]);

  return (
    <Callout.Root color={color} variant="surface" role={toast.type === "error" ? "alert" : "status"} className="rc-toast">
      <Callout.Icon>
        <Icon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Flex align="start" justify="between" gap="3">
          <Callout.Text weight="medium">{title}</Callout.Text>
          {toast.type === "error" ? null : (
            <IconButton size="1" variant="ghost" color="gray" aria-label="Dismiss" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          )}
        </Flex>
        {description ? (
          <Text as="p" size="2">
            {description}
          </Text>
        ) : null}
        {toast.link ? (
          <Text as="p" size="2" weight="medium">
            <ThemeLink asChild>
              <Link to={toast.link.to} onClick={onClose}>
                {toast.link.label}
              </Link>
            </ThemeLink>
          </Text>
        ) : null}
        {toast.type === "error" ? (
          <Flex justify="end">
            <Button size="1" color="red" onClick={onClose}>
              Done
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
