// The ads' CSS travels in their chunk, so pages without ads load none of it.
const CSS = `
.cr-ad-layer{position:absolute;inset:0;z-index:7;background:#000;display:block}
.cr-ad-layer[hidden],.cr-ad-banner[hidden]{display:none}
.cr-ad-video,.cr-ad-vpaid{position:absolute;inset:0;width:100%;height:100%;border:0;background:#000}
.cr-ad-click{position:absolute;inset:0 0 40px 0;background:transparent;border:0;cursor:pointer;padding:0}
.cr-ad-corner{position:absolute;max-width:45%;padding:6px 10px;border-radius:3px;background:rgba(0,0,0,.7);color:#fff;font:13px/1.3 inherit}
.cr-ad-corner.cr-top-left{top:8px;left:8px}.cr-ad-corner.cr-top-right{top:8px;right:8px}
.cr-ad-corner.cr-bottom-left{bottom:52px;left:8px}.cr-ad-corner.cr-bottom-right{bottom:96px;right:8px}
.cr-ad-text.cr-bottom-right{bottom:52px;right:auto;left:8px}
button.cr-ad-cta{cursor:pointer;border:1px solid rgba(255,255,255,.5)}
.cr-ad-cta-mobile{display:none}
@media (max-width:767px){.cr-ad-cta-desktop{display:none}.cr-ad-cta-mobile{display:inline}.cr-ad-cta.cr-desktop-only{display:none}}
.cr-ad-skip{position:absolute;right:0;bottom:52px;min-width:130px;padding:8px 12px;border:1px solid rgba(255,255,255,.4);border-right:0;background:rgba(0,0,0,.75);color:#fff;font:inherit;cursor:pointer}
.cr-ad-skip:disabled{cursor:default;color:#ccc}
.cr-ad-bar{position:absolute;left:0;right:0;bottom:0;height:40px;display:flex;align-items:center;gap:6px;padding:0 8px;background:linear-gradient(transparent,rgba(0,0,0,.8))}
.cr-ad-bar button{width:32px;height:32px;border:0;background:transparent;color:#fff;cursor:pointer;font:16px/1 inherit}
.cr-ad-label{font-size:13px;white-space:nowrap}
.cr-ad-progress{position:absolute;left:0;right:0;top:0;height:4px;background:rgba(255,255,255,.25)}
.cr-ad-progress>div{height:100%;width:0}
.cr-ad-banner{position:absolute;left:50%;transform:translateX(-50%);z-index:4;max-width:100%}
.cr-ad-banner.cr-v-top{top:30px}.cr-ad-banner.cr-v-middle{top:50%;transform:translate(-50%,-50%)}.cr-ad-banner.cr-v-bottom{bottom:56px}
.cr-ad-banner img{display:block;max-width:100%;height:auto;cursor:pointer}
.cr-ad-banner-close{position:absolute;top:-22px;right:0;padding:2px 8px;border:0;background:rgba(0,0,0,.75);color:#fff;font:12px/18px inherit;cursor:pointer}
.cr-ad-marker{position:absolute;top:0;bottom:0;width:4px;margin-left:-2px;pointer-events:none}
`;

/** Adds the ads' style sheet to the document once. */
export function injectAdStyles(doc: Document): void {
  if (doc.getElementById('cutroom-player-ads-css')) return;
  const style = doc.createElement('style');
  style.id = 'cutroom-player-ads-css';
  style.textContent = CSS;
  doc.head.append(style);
}
