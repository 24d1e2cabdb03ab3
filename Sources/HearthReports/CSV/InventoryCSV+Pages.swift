import Foundation
import HearthCore

extension InventoryCSV {
    /// Hearth's CSV of an inventory of any size, written page by page as it is read: the
    /// byte-order mark and header, then the lines of each page that `nextPage` gives (it is handed
    /// the cursor of the page before, nil for the first, and answers nil as the next cursor on the
    /// last). The next page is read while one is written; memory holds two pages, never the file.
    public struct Pages: AsyncSequence, Sendable {
        public typealias Element = String
        public typealias Page = (items: [InventoryItem], nextCursor: String?)

        let groupNames: [UUID: String]
        let nextPage: @Sendable (_ cursor: String?) async throws -> Page

        public init(groupNames: [UUID: String], nextPage: @escaping @Sendable (_ cursor: String?) async throws -> Page) {
            self.groupNames = groupNames
            self.nextPage = nextPage
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(pages: self)
        }

        public struct AsyncIterator: AsyncIteratorProtocol {
            enum Position {
                case header
                case page(Task<Page, any Error>)
                case end
            }

            let pages: Pages
            var position = Position.header

            public mutating func next() async throws -> String? {
                switch position {
                case .header:
                    position = .page(read(after: nil))
                    return CSVTable.render(header: InventoryCSV.header, rows: [])
                case .page(let reading):
                    let page = try await reading.value
                    position = page.nextCursor.map { .page(read(after: $0)) } ?? .end
                    let text = InventoryCSV.lines(page.items, groupNames: pages.groupNames)
                    return text.isEmpty && page.nextCursor == nil ? nil : text
                case .end:
                    return nil
                }
            }

            private func read(after cursor: String?) -> Task<Page, any Error> {
                Task { [nextPage = pages.nextPage] in try await nextPage(cursor) }
            }
        }
    }
}
