/**
 * What an upload is told when it is refused (English; the app translates them through
 * app/locales/<language>/messages-assets.json). Each says what happened and what to do next.
 */
export const ASSET_MESSAGES = {
  imageTooLarge: "Images can be at most 30 MB. Choose a smaller file.",
  videoTooLarge: "Videos can be at most 500 MB. Choose a smaller file.",
  wrongType:
    "This file is not a JPEG, PNG, WebP or GIF image or an MP4 or MOV video. Adhelm checks the file's contents, not its name.",
  empty: "This file is empty. Choose another file.",
  tooManyPixels: "This image has too many pixels to process safely (at most 100 megapixels). Resize it and try again.",
  brokenImage: "This image is damaged or incomplete and cannot be read. Export it again and upload the new file.",
  brokenVideo:
    "This video is damaged or incomplete (it may have been cut off while copying). Export it again and upload the new file.",
  interrupted: "The upload stopped before the whole file arrived. Try again.",
  notFound: "This creative no longer exists. It may have been deleted.",
  signIn: "Sign in to upload and view creatives.",
} as const;
