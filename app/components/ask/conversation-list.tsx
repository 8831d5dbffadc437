/** The person's conversations: open one, start a new one, rename or delete one. */
import { MessageSquare, MoreHorizontal, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { cn } from "#app/lib/cn.ts";
import type { AskActionResult, AskConversationSummary } from "./ask-types.ts";

const TITLE_MAX = 120;

export interface ConversationListProps {
  conversations: AskConversationSummary[];
  activeId: string | null;
  onNavigate?: () => void;
  onDeleted: (conversationId: string) => void;
}

function useConversationFetcher(onDone: (result: Extract<AskActionResult, { ok: true }>) => void) {
  const fetcher = useFetcher<AskActionResult>();
  const handled = useRef<AskActionResult | null>(null);
  const callback = useRef(onDone);
  callback.current = onDone;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) callback.current(result);
    else if (!result.fieldErrors) toast.error(result.title, { description: result.message });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

function RenameDialog({ conversation, onClose }: { conversation: AskConversationSummary; onClose: () => void }) {
  const { t } = useTranslation("ask");
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const fetcher = useConversationFetcher(() => {
    toast.success(t("conversations.renamed"));
    onClose();
  });
  const serverError =
    fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? (fetcher.data.fieldErrors?.title ?? null) : null;
  const shown = error ?? serverError;
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(t("conversations.titleRequired"));
    if (trimmed.length > TITLE_MAX) return setError(t("conversations.titleTooLong", { max: TITLE_MAX }));
    setError(null);
    fetcher.submit(
      { intent: "rename", conversationId: conversation.id, title: trimmed },
      { method: "post", action: "/ask-shown", encType: "application/json" },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t("conversations.renameTitle")}</DialogTitle>
            <DialogDescription>{t("conversations.renameDescription")}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="conversation-title">{t("conversations.titleLabel")}</Label>
            <Input
              id="conversation-title"
              value={title}
              maxLength={TITLE_MAX + 20}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? "conversation-title-error" : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            {shown ? (
              <p id="conversation-title-error" className="text-destructive text-sm">
                {shown}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("conversations.cancel")}
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("conversations.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  conversation,
  onClose,
  onDeleted,
}: {
  conversation: AskConversationSummary;
  onClose: () => void;
  onDeleted: (conversationId: string) => void;
}) {
  const { t } = useTranslation("ask");
  const fetcher = useConversationFetcher(() => {
    toast.success(t("conversations.deleted"));
    onDeleted(conversation.id);
    onClose();
  });
  return (
    <AlertDialog open onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("conversations.deleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("conversations.deleteDescription", { title: conversation.title })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("conversations.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={fetcher.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              fetcher.submit(
                { intent: "delete", conversationId: conversation.id },
                { method: "post", action: "/ask-shown", encType: "application/json" },
              );
            }}
          >
            {t("conversations.delete")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ConversationList({ conversations, activeId, onNavigate, onDeleted }: ConversationListProps) {
  const { t } = useTranslation("ask");
  const [renaming, setRenaming] = useState<AskConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<AskConversationSummary | null>(null);
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <Button asChild variant="outline" className="justify-start">
        <Link to="/ask-shown" onClick={onNavigate}>
          <Plus aria-hidden="true" />
          {t("conversations.new")}
        </Link>
      </Button>
      <h2 className="px-1 font-medium text-muted-foreground text-xs uppercase tracking-wide">
        {t("conversations.title")}
      </h2>
      {conversations.length === 0 ? (
        <p className="px-1 text-muted-foreground text-sm">{t("conversations.empty")}</p>
      ) : (
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
          {conversations.map((conversation) => {
            const isActive = conversation.id === activeId;
            return (
              <li
                key={conversation.id}
                className={cn(
                  "group flex items-center gap-1 rounded-md pr-1 transition-colors hover:bg-accent",
                  isActive && "bg-accent",
                )}
              >
                <Link
                  to={`/ask-shown?c=${encodeURIComponent(conversation.id)}`}
                  onClick={onNavigate}
                  aria-current={isActive ? "page" : undefined}
                  className="flex min-w-0 flex-1 items-center gap-2 px-2 py-2 text-sm"
                >
                  <MessageSquare aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <span className="truncate">{conversation.title}</span>
                </Link>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7 shrink-0"
                      aria-label={t("conversations.actions", { title: conversation.title })}
                    >
                      <MoreHorizontal aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => setRenaming(conversation)}>
                      <Pencil aria-hidden="true" />
                      {t("conversations.rename")}
                    </DropdownMenuItem>
                    <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(conversation)}>
                      <Trash2 aria-hidden="true" />
                      {t("conversations.delete")}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </li>
            );
          })}
        </ul>
      )}
      {renaming ? <RenameDialog conversation={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? (
        <DeleteDialog conversation={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
      ) : null}
    </div>
  );
}
