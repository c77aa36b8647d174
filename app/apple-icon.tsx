import { ImageResponse } from "next/og";

export const size = { width: 180, height: 180 };
export const contentType = "image/png";

/** The home-screen icon: the favicon's box mark, drawn at 180 px (next/og renders it at build time). */
export default function AppleIcon() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "#18181b",
      }}
    >
      <svg width="120" height="120" viewBox="0 0 32 32">
        <path
          d="M8 11.5 16 7l8 4.5v9L16 25l-8-4.5z"
          fill="none"
          stroke="#fafafa"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M8 11.5 16 16l8-4.5M16 16v9" fill="none" stroke="#fafafa" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </div>,
    size,
  );
}
