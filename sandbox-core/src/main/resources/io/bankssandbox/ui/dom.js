// What the dashboard's scripts (app.js, webhooks.js) share: building elements.
(function () {
  "use strict";
  // Builds an element: el("td", {class: "num", "data-testid": "x"}, "text", childNode, ...).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  window.BanksSandboxUi = Object.freeze({ el });
})();
