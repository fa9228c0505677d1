/** Known XSS payloads: filter evasions, mutation XSS and encoding tricks the sanitiser must neutralise. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script\n>alert(1)</script\n>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="jav&#x0A;ascript:alert(1)">',
  '<img src=" &#14;  javascript:alert(1);">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="x" onclick="alert(1)">x</a>',
  '<a/href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!-- --!><img src=x onerror=alert(1)>-->',
  '<!--><img src=x onerror=alert(1)>-->',
  '<img """><script>alert(1)</script>">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<p title="x" onmouseover="alert(1)" onmouseover="y">x</p>',
  '<p onmouseover\n=alert(1)>x</p>',
  '<p =onclick=alert(1)>x</p>',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<a href="https://example.com" target="_blank">x</a>',
  '<img src="//example.com/x.png" onerror="alert(1)">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  '</p foo="<img src=x onerror=alert(1)>">',
  '<p title="&quot;><img src=x onerror=alert(1)>">x</p>',
  '<a href="http://x" title=\'"><script>alert(1)</script>\'>x</a>',
];

const ALLOWED_TAG =
  /^(a|abbr|article|aside|b|blockquote|br|caption|cite|code|dd|del|details|div|dl|dt|em|figcaption|figure|footer|h[1-6]|header|hr|i|img|ins|li|mark|ol|p|pre|q|s|section|small|span|strong|sub|summary|sup|table|tbody|td|tfoot|th|thead|time|tr|u|ul)$/;

/**
 * What makes sanitised markup unsafe, found in it: forbidden elements, event handlers, style
 * attributes, script-capable URLs, tags outside the allow-list. The sanitiser's output is canonical
 * (values double-quoted with '"' escaped), so these patterns read it reliably. Empty when neutral.
 */
export function unsafeParts(output: string): string[] {
  const problems: string[] = [];
  // blanking the values leaves the element and attribute names
  const names = output.replace(/="[^"]*"/g, '=""');
  for (const [tag] of names.matchAll(/<[^>]*>/g)) {
    if (/\son[a-z]+\s*=/i.test(tag)) problems.push(`event handler in ${tag}`);
    if (/\sstyle\s*=/i.test(tag)) problems.push(`style in ${tag}`);
  }
  for (const [, name] of output.matchAll(/<\/?([a-zA-Z0-9]+)/g))
    if (!ALLOWED_TAG.test(name as string)) problems.push(`element ${name}`);
  for (const [, attribute, value] of output.matchAll(/\s(href|src|cite)="([^"]*)"/g)) {
    if (/^\s*(javascript|vbscript|data|x):/i.test((value as string).replace(/&amp;/g, '&')))
      problems.push(`${attribute}="${value}"`);
  }
  return problems;
}
