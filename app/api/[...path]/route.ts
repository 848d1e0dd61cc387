import { NextResponse } from "next/server";

// Any /api path no handler claims: a JSON 404 in the contract's error shape, never the HTML page.
const notFound = () => NextResponse.json({ message: "No such API endpoint" }, { status: 404 });

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
