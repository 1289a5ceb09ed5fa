"use client"
import { useEffect } from "react"

/** Marks the page interactive (`<html data-hydrated>`): the browser suite waits for it before clicking. */
export function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true"
  }, [])
  return null
}
