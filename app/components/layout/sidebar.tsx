import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "#app/components/ui/sheet.tsx";
import { cn } from "#app/lib/cn.ts";
import {
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  sidebarCookie,
} from "./sidebar-state.ts";

interface SidebarContextValue {
  /** Desktop: expanded (true) or icon mode (false). */
  isOpen: boolean;
  setOpen(isOpen: boolean): void;
  isMobile: boolean;
  isMobileOpen: boolean;
  setMobileOpen(isOpen: boolean): void;
  toggle(): void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return value;
}

function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
    const update = () => setIsMobile(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return isMobile;
}

/** Holds the sidebar's state; the server reads the same cookie so the first paint is already right. */
export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const isMobile = useIsMobile();
  const [isOpen, setIsOpenState] = useState(defaultOpen);
  const [isMobileOpen, setMobileOpen] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setIsOpenState(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie on the next request.
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setOpen(!isOpen);
  }, [isMobile, isOpen, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ isOpen, setOpen, isMobile, isMobileOpen, setMobileOpen, toggle }),
    [isOpen, setOpen, isMobile, isMobileOpen, toggle],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-sidebar-state={isOpen ? "expanded" : "collapsed"}
        className="group/shell flex min-h-svh w-full bg-sidebar"
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
          } as React.CSSProperties
        }
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** Fixed column on desktop (full or icon width); a drawer below 768px. */
export function Sidebar({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shell");
  const { isOpen, isMobile, isMobileOpen, setMobileOpen } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={isMobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent
          side="left"
          showCloseButton={false}
          // The drawer is portalled to <body>, outside the provider that sets the width variables.
          style={{ "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
          className="w-(--sidebar-width-mobile) max-w-[85vw] bg-sidebar p-0 text-sidebar-foreground sm:max-w-(--sidebar-width-mobile)"
        >
          <SheetHeader className="sr-only">
            <SheetTitle>{t("sidebar.drawerTitle")}</SheetTitle>
            <SheetDescription>{t("sidebar.drawerDescription")}</SheetDescription>
          </SheetHeader>
          <div data-sidebar-mode="drawer" className="flex h-full flex-col">
            {children}
          </div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <>
      {/* Reserves the sidebar's width in the flow, so the content never sits under it. */}
      <div
        aria-hidden="true"
        className={cn(
          "hidden shrink-0 transition-[width] duration-200 ease-linear md:block",
          isOpen ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      />
      <aside
        aria-label={t("sidebar.label")}
        data-state={isOpen ? "expanded" : "collapsed"}
        className={cn(
          "fixed inset-y-0 left-0 z-30 hidden flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear md:flex",
          isOpen ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      >
        <div data-sidebar-mode={isOpen ? "expanded" : "icon"} className="flex h-full flex-col">
          {children}
        </div>
      </aside>
    </>
  );
}

/** True when the sidebar shows icons only (desktop, collapsed). */
export function useIsIconMode(): boolean {
  const { isOpen, isMobile } = useSidebar();
  return !isMobile && !isOpen;
}
