// Scripts carried inside a page rather than asked for: the built site's (build/site.mjs)
// and the one offline file's (build/onefile.mjs), each allowed by its hash in the page's
// Content-Security-Policy.
import crypto from "node:crypto";

// A script's text as an inline <script>'s content: "</script" would end the element.
export const inline = (source) => source.replace(/<\/script/gi, "<\\/script");

// The Content-Security-Policy source that allows exactly that inline script.
export const hash = (source) => `'sha256-${crypto.createHash("sha256").update(source).digest("base64")}'`;
