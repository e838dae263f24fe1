# Homebrew formula for navviz, kept in navviz's repository and built from source with the
# Makefile's own steps (`make install PREFIX=…`: a release build, the man pages from the
# commands' help, the bash, zsh and fish completions, and a manifest of what was written).
#
#   brew tap navviz/navviz https://github.com/navviz/navviz
#   brew install navviz            # the release tagged below
#   brew install --HEAD navviz     # main
#
# A release updates `tag` and `revision` (docs/platforms.md, "Releases"). CI cannot run
# Homebrew (no macOS here); .github/workflows/macos.yml installs this formula on a macOS
# runner once the repository is published.
class Navviz < Formula
  desc "Draw app navigation trees and animate the transitions between them"
  homepage "https://github.com/navviz/navviz"
  url "https://github.com/navviz/navviz.git",
      tag: "v0.2.0"
  head "https://github.com/navviz/navviz.git", branch: "main"

  depends_on "pkg-config" => :build
  # Swift 6.1 (package traits): Xcode 16.3 or later.
  depends_on xcode: ["16.3", :build]
  depends_on "graphviz"

  uses_from_macos "zlib"

  def install
    # Homebrew's build sandbox cannot nest SwiftPM's own; `make install` runs no `make deps`
    # (Graphviz comes from `depends_on`).
    system "make", "install", "PREFIX=#{prefix}", "SWIFT_FLAGS=--disable-sandbox"
  end

  test do
    (testpath/"tree.json").write <<~JSON
      {"navviz": 1, "tree": {"id": "tabs", "kind": "tabs", "active": "home",
       "children": [{"id": "home"}, {"id": "chats"}]}}
    JSON
    assert_match "tabs (tabs)", shell_output("#{bin}/navviz render tree.json")
    system bin/"navviz", "render", "tree.json", "-o", "tree.png"
    assert_path_exists testpath/"tree.png"
    assert_match "navviz #{version}", shell_output("#{bin}/navviz --version") unless build.head?
  end
end
