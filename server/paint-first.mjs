// @ts-check
// Paint first, then run the scripts. Next.js puts the page's JavaScript in `async` scripts, which
// a browser runs as soon as each arrives: on a fast connection, before the page's first paint,
// so a phone shows the server-rendered page only after the framework has been evaluated (80-190
// ms of one task here, 4x that on a slow phone); on a slow one, their 130 KB share the link with
// the page's main photo. A kept page has none of them in its HTML (nor Next.js's own preload of
// the bootstrap) but a loader that adds them, in order, once three things hold: the first frame
// is painted (a requestAnimationFrame callback runs just before it; a task queued from it,
// after; where the browser reports paints, the first contentful paint), the document has been parsed as far as the last of them (where React puts the one
// that hydrates, after the shell), and the page's main photo (its `fetchpriority="high"` image,
// if any) has been painted (loaded, decoded, one more frame) or has failed, or PHOTO_WAIT_MS
// have passed since the first frame (a photo the image optimizer encodes on first request, a
// stalled one: hydration never waits long for it). The shell's lazy photos (below the first
// screen, or further along a row) wait with the scripts: their sources are in data-nosh-src and
// data-nosh-srcset until then, so on a slow link the main photo has it to itself. A hidden page,
// which paints nothing, does not wait for a frame or a photo; after PAINT_FIRST_WAIT_MS nothing
// waits for them any longer. The cost: hydration starts after the photo (at most PHOTO_WAIT_MS
// after the frame), and the scripts' download after it (on Lighthouse's simulated phone link,
// about 0.6 s later for the 130 KB, while the visitor already sees the whole page; its links
// work as plain links meanwhile, its buttons once hydrated); a browser without JavaScript shows
// those lazy photos' alt text.
// The loader carries the page's nonce (replaced on every replay like the others); the scripts it
// adds are trusted through the policy's 'strict-dynamic'. docs/log/performance.md, "Paint first".
import { inlineStyles } from "./inline-styles.mjs";

const ASYNC_SCRIPT = /<script src="([^"<>]+)"(?: async="")? nonce="([^"<>]+)"(?: async="")?><\/script>/g;
const PRELOAD_LINK = /<link rel="preload" as="script"[^>]*\/>/g;
const PRELOADED_SCRIPT = /<link rel="preload" as="script"[^>]* href="([^"<>]+)"/;
const LAZY_IMAGE = /<img\b[^>]*\sloading="lazy"[^>]*>/g;
const PAINT_FIRST_WAIT_MS = 3000;
const PHOTO_WAIT_MS = 500;

/**
 * `html` (latin1) with its async scripts run after the first paint and the main photo, or unchanged when it has none or looks unlike Next.js's.
 * @param {string} html @param {string} nonce
 */
export function paintFirst(html, nonce) {
  const tags = [...html.matchAll(ASYNC_SCRIPT)].filter((m) => m[2] === nonce && / async=""/.test(m[0]));
  if (!tags.length || !html.includes("</head>")) return html;
  const sources = tags.map((m) => m[1]);
  const deferred = new Set(sources);
  let out = "";
  let from = 0;
  tags.forEach((m, i) => {
    const marker = i === tags.length - 1 ? `<script nonce="${nonce}">__noshScripts()</script>` : "";
    out += html.slice(from, m.index) + marker;
    from = m.index + m[0].length;
  });
  out += html.slice(from);
  // The lazy photos in the shell (not the eager first screen's) wait with the scripts.
  const shellEnd = out.indexOf("__noshScripts()</script>");
  out = out.slice(0, shellEnd).replace(LAZY_IMAGE, (img) => img.replace(' srcSet="', ' data-nosh-srcset="').replace(' src="', ' data-nosh-src="')) + out.slice(shellEnd);
  // Next.js preloads some chunks itself (the bootstrap): those wait with the others.
  out = out.replace(PRELOAD_LINK, (link) => (deferred.has(PRELOADED_SCRIPT.exec(link)?.[1] ?? "") ? "" : link));
  const loader =
    `<script nonce="${nonce}">(function(){var s=${JSON.stringify(sources)},d=document,p=0,b=0,i=0,r=0;` +
    `function go(){if(r||!p||!b||!i)return;r=1;var q=d.querySelectorAll("img[data-nosh-src]"),k,m,v;` +
    `for(k=0;k<q.length;k++){m=q[k];v=m.getAttribute("data-nosh-srcset");if(v!==null){m.removeAttribute("data-nosh-srcset");m.setAttribute("srcset",v)}m.setAttribute("src",m.getAttribute("data-nosh-src"));m.removeAttribute("data-nosh-src")}` +
    `for(k=0;k<s.length;k++){var e=d.createElement("script");e.src=s[k];e.async=true;d.head.appendChild(e)}}` +
    `function painted(){if(!p)setTimeout(shown,${PHOTO_WAIT_MS});p=1;go()}function shown(){i=1;go()}` +
    `window.__noshScripts=function(){b=1;var m=d.querySelector('img[fetchpriority="high"]');function drawn(){requestAnimationFrame(function(){setTimeout(shown,0)})}` +
    `function decoded(){m.decode?m.decode().then(drawn,drawn):drawn()}if(!m)shown();else if(m.complete)decoded();else{m.addEventListener("load",decoded);m.addEventListener("error",shown)}go()};` +
    `if(d.visibilityState!=="visible"){i=1;painted()}else{if(!contentful())requestAnimationFrame(function(){setTimeout(painted,0)});setTimeout(function(){i=1;painted()},${PAINT_FIRST_WAIT_MS})}` +
    // The first frame with content, where the browser reports it (Chrome, Firefox, Safari 14.1):
    // a frame drawn before the body was parsed shows nothing yet (/checkout's first frame came
    // 80 ms before its content, and its scripts with it).
    `function contentful(){var O=window.PerformanceObserver;if(!O||!O.supportedEntryTypes||O.supportedEntryTypes.indexOf("paint")<0)return 0;` +
    `new O(function(l,o){var e=l.getEntries(),k;for(k=0;k<e.length;k++)if(e[k].name==="first-contentful-paint"){o.disconnect();setTimeout(painted,0)}}).observe({type:"paint",buffered:true});return 1}})()</script>`;
  // The loader at the end of <head>: defined before the marker in <body> calls it.
  const at = out.indexOf("</head>");
  return out.slice(0, at) + loader + out.slice(at);
}

/** A page's HTML (latin1) as it is sent to paint first: its styles in it, its scripts and lazy photos after the first paint. @param {string} html @param {string} nonce */
export const paintFirstPage = (html, nonce) => paintFirst(inlineStyles(html), nonce);
