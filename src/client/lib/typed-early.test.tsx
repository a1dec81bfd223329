import { act } from "@testing-library/react";
import { useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { replayTyped, typedFields } from "./typed-early.ts";

/** A controlled field, and a second draw soon after hydrating (as the app's screens do), which puts back React's value. */
function Form() {
  const [email, setEmail] = useState("");
  const [drawn, setDrawn] = useState(0);
  useEffect(() => setDrawn((count) => count + 1), []);
  return (
    <form>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input aria-label="Remember" type="checkbox" defaultChecked={false} />
      <output data-drawn={drawn}>{email}</output>
    </form>
  );
}

function serverPage(): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToString(<Form />);
  document.body.append(root);
  return root;
}

describe("typing on a server-drawn page before the app has taken it over", () => {
  it("is kept, and the app knows it, once the app runs", async () => {
    const root = serverPage();
    const field = root.querySelector("input") as HTMLInputElement;
    field.value = "meera@example.com";
    const typed = typedFields(root);
    expect(typed.map(({ value }) => value)).toEqual(["meera@example.com"]);

    await act(async () => {
      hydrateRoot(root, <Form />);
    });
    // NOTE: what React would do without the replay: its second draw put its own value back.
    expect(field.value).toBe("");
    await act(async () => replayTyped(typed));
    expect(field.value).toBe("meera@example.com");
    expect(root.querySelector("output")).toHaveTextContent("meera@example.com");
    root.remove();
  });

  it("leaves a field typed into after hydrating to the app", async () => {
    const root = serverPage();
    const field = root.querySelector("input") as HTMLInputElement;
    field.value = "meera@";
    const typed = typedFields(root);
    await act(async () => {
      hydrateRoot(root, <Form />);
    });
    await act(async () => replayTyped(typed));
    // Typed on through the running app, then an old note must not undo it.
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setValue?.call(field, "meera@example.com");
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => replayTyped(typed));
    expect(field.value).toBe("meera@example.com");
    expect(root.querySelector("output")).toHaveTextContent("meera@example.com");
    root.remove();
  });
});
