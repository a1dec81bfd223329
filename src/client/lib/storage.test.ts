import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createStoredList, useStoredList } from "./storage.ts";

const numbers = () =>
  createStoredList<number>("numbers", (entry) => (typeof entry === "number" ? entry : undefined));

describe("a stored list", () => {
  it("drops entries it does not recognise and reads corrupt storage as empty", () => {
    window.localStorage.setItem("numbers", JSON.stringify([1, "two", 3]));
    expect(numbers().read()).toEqual([1, 3]);
    window.localStorage.setItem("numbers", "{not json");
    expect(numbers().read()).toEqual([]);
  });

  it("re-renders on a change in this tab and on another tab's change", () => {
    const list = numbers();
    const { result } = renderHook(() => useStoredList(list));
    expect(result.current).toEqual([]);
    act(() => list.write([7]));
    expect(result.current).toEqual([7]);
    act(() => {
      window.localStorage.setItem("numbers", JSON.stringify([7, 8]));
      window.dispatchEvent(new StorageEvent("storage", { key: "numbers" }));
    });
    expect(result.current).toEqual([7, 8]);
  });
});
