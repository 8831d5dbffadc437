import { CheckCircle2, CircleAlert, Upload } from "lucide-react";
import { type DragEvent, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { cn } from "#app/lib/cn.ts";
import { translateMessage } from "#app/lib/i18n/i18n.ts";
import { ASSET_MESSAGES } from "#core/assets/asset-messages.ts";
import { UPLOAD_MAX_BYTES } from "#core/assets/upload-limits.ts";
import type { AssetFormat } from "./asset-format.ts";

const ACCEPT =
  "image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,.jpg,.jpeg,.png,.webp,.gif,.mp4,.mov";
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
const VIDEO_TYPES = ["video/mp4", "video/quicktime"];

const STATE_KEYS = {
  waiting: "upload.state.waiting",
  uploading: "upload.state.uploading",
  done: "upload.state.done",
  failed: "upload.state.failed",
} as const;

interface Item {
  key: string;
  file: File;
  state: "waiting" | "uploading" | "done" | "failed";
  sent: number;
  message: string | null;
}

/** The browser's first check (the server checks the bytes again): the type it reports and the size. */
function refusalOf(file: File): string | null {
  const isImage = IMAGE_TYPES.includes(file.type);
  const isVideo = VIDEO_TYPES.includes(file.type) || /\.(mp4|mov)$/i.test(file.name);
  if (file.size === 0) return ASSET_MESSAGES.empty;
  if (!isImage && !isVideo) return ASSET_MESSAGES.wrongType;
  if (isImage && file.size > UPLOAD_MAX_BYTES.image) return ASSET_MESSAGES.imageTooLarge;
  if (isVideo && file.size > UPLOAD_MAX_BYTES.video) return ASSET_MESSAGES.videoTooLarge;
  return null;
}

/** Sends one file as the request body, reporting the bytes sent; resolves with the server's refusal, or null. */
function send(file: File, onProgress: (sent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/asset-uploads");
    request.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status === 201) return resolve(null);
      try {
        resolve(
          (JSON.parse(request.responseText) as { error?: { message?: string } }).error?.message ??
            ASSET_MESSAGES.interrupted,
        );
      } catch {
        resolve(ASSET_MESSAGES.interrupted);
      }
    };
    request.onerror = () => resolve(ASSET_MESSAGES.interrupted);
    request.send(file);
  });
}

/** Drag-and-drop or pick several files; each uploads with its own progress bar and its own message. */
export function UploadPanel({ format }: { format: AssetFormat }) {
  const { t } = useTranslation(["assets"]);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [items, setItems] = useState<Item[]>([]);
  const [isOver, setIsOver] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback(
    (key: string, change: Partial<Item>) =>
      setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = [...files].map((file, index) => {
      const refusal = refusalOf(file);
      return {
        key: `${Date.now()}-${index}-${file.name}`,
        file,
        state: refusal ? "failed" : "waiting",
        sent: 0,
        message: refusal,
      } satisfies Item;
    });
    setItems((all) => [...added, ...all]);
    for (const item of added.filter((one) => one.state === "waiting")) {
      // One file at a time: each gets the connection to itself, and the progress reads true.
      queue.current = queue.current.then(async () => {
        update(item.key, { state: "uploading" });
        const refusal = await send(item.file, (sent) => update(item.key, { sent }));
        update(item.key, refusal ? { state: "failed", message: refusal } : { state: "done", sent: item.file.size });
        if (!refusal) revalidator.revalidate();
      });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    add(event.dataTransfer.files);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="sr-only">
        {t("upload.heading")}
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the Choose files button inside is the keyboard's way. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors",
          isOver ? "border-primary bg-primary/5" : "border-border",
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Upload aria-hidden="true" className="size-6" />
        </span>
        <p id={`${id}-drop`} className="font-medium">
          {t("upload.drop")}
        </p>
        <p className="max-w-md text-pretty text-muted-foreground text-sm">{t("upload.limits")}</p>
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT}
          // The Choose files button opens it; hidden, it is not a second control to reach.
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = "";
          }}
        />
        <Button type="button" onClick={() => input.current?.click()}>
          {t("upload.choose")}
        </Button>
      </div>

      {items.length > 0 ? (
        <ul className="grid gap-3" aria-label={t("upload.listLabel")}>
          {items.map((item) => (
            <UploadRow key={item.key} item={item} format={format} />
          ))}
        </ul>
      ) : null}
      {items.some((item) => item.state === "done") ? (
        <p className="text-sm">
          <Link to="/assets" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("upload.viewLibrary")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function UploadRow({ item, format }: { item: Item; format: AssetFormat }) {
  const { t } = useTranslation(["assets"]);
  const id = useId();
  const percent = item.file.size > 0 ? Math.round((item.sent / item.file.size) * 100) : 0;
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-name`} className="break-words font-medium text-sm">
            {item.file.name}
          </p>
          <p className="text-muted-foreground text-xs">{format.bytes(item.file.size)}</p>
        </div>
        <span className="flex shrink-0 items-center gap-1 text-sm">
          {item.state === "done" ? (
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
          ) : null}
          {item.state === "failed" ? <CircleAlert aria-hidden="true" className="size-4 text-destructive" /> : null}
          {t(STATE_KEYS[item.state])}
        </span>
      </div>
      {item.state === "uploading" || item.state === "waiting" ? (
        <Progress value={percent} aria-labelledby={`${id}-name`} aria-valuetext={t("upload.percent", { percent })} />
      ) : null}
      {item.state === "failed" && item.message ? (
        <p role="alert" className="text-destructive text-sm">
          {translateMessage(t, item.message)}
        </p>
      ) : null}
    </li>
  );
}
