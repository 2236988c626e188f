//! The board pack: the cover and the agenda are typeset like any printed document (krilla), then lopdf
//! appends each PDF paper's pages in agenda order and an outline (bookmarks) names each item's papers.

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};

use lopdf::{Bookmark, Dictionary, Document, Object, ObjectId};

use domain::meetings::{BoardPackBuilder, BuiltPack, PackSegment, PackSource, PrintBlock, PrintDocument};

use crate::{layout, write_pdf, MARGIN, PAGE_HEIGHT, PAGE_WIDTH};

/// Why a PDF paper is listed rather than merged.
const ENCRYPTED: &str = "password-protected PDF, could not be included";
const UNREADABLE: &str = "damaged or unreadable PDF, could not be included";

/// The board pack builder.
#[derive(Debug, Default, Clone, Copy)]
pub struct PdfBoardPackBuilder;

/// A PDF paper, loaded: its document and page count, or why it cannot be merged.
pub(crate) enum Loaded {
    Merge(Box<Document>, u32),
    Listed(&'static str),
}

/// Loads an uploaded PDF. A parser fed a hostile file may fail in any way, including a panic: none of it
/// may take the download down, so every failure lists the paper instead.
pub(crate) fn load(bytes: &[u8]) -> Loaded {
    let loaded = catch_unwind(AssertUnwindSafe(|| Document::load_mem(bytes)));
    match loaded {
        Ok(Ok(doc)) if doc.is_encrypted() || doc.was_encrypted() => Loaded::Listed(ENCRYPTED),
        Ok(Ok(doc)) => {
            let pages = doc.get_pages().len();
            match u32::try_from(pages) {
                Ok(pages) if pages > 0 => Loaded::Merge(Box::new(doc), pages),
                _ => Loaded::Listed(UNREADABLE),
            }
        }
        Ok(Err(lopdf::Error::Decryption(_))) => Loaded::Listed(ENCRYPTED),
        Ok(Err(_)) | Err(_) => Loaded::Listed(UNREADABLE),
    }
}

impl BoardPackBuilder for PdfBoardPackBuilder {
    fn build(&self, source: &PackSource) -> anyhow::Result<BuiltPack> {
        // Load every PDF paper first: the agenda prints the page each item's papers start on.
        let mut loaded: Vec<Vec<Option<Loaded>>> = source
            .items
            .iter()
            .map(|item| item.papers.iter().map(|paper| paper.pdf.as_deref().map(load)).collect())
            .collect();

        // The front matter's length depends on the page numbers it prints (a longer number may wrap a
        // line): typeset until the count is stable.
        let mut front_pages = 2u32;
        let mut pages = Vec::new();
        for _ in 0..4 {
            pages = front_matter(source, &loaded, front_pages)?;
            let count = u32::try_from(pages.len())?;
            if count == front_pages {
                break;
            }
            front_pages = count;
        }
        let front_pages = u32::try_from(pages.len())?;
        let paper_pages: u32 = loaded
            .iter()
            .flatten()
            .map(|paper| if let Some(Loaded::Merge(_, pages)) = paper { *pages } else { 0 })
            .sum();
        let total = front_pages + paper_pages;
        let title = format!("Board pack: {}", source.cover.meeting_title);
        let front = write_pdf(&title, &pages, &|index| {
            format!("{} - page {} of {total}", source.cover.meeting_title, index + 1)
        })?;
        let mut pack = Document::load_mem(&front)?;

        let pages_id = pack.catalog()?.get(b"Pages")?.as_reference()?;
        let mut unreadable = Vec::new();
        let mut segments = Vec::new();
        let mut next_page = front_pages + 1;
        for (item_index, (item, papers)) in source.items.iter().zip(loaded.iter_mut()).enumerate() {
            let mut first_page: Option<ObjectId> = None;
            for (paper_index, (paper, state)) in item.papers.iter().zip(papers.iter_mut()).enumerate() {
                match state.take() {
                    Some(Loaded::Merge(doc, page_count)) => {
                        let first = append(&mut pack, pages_id, *doc)?;
                        first_page.get_or_insert(first);
                        segments.push(PackSegment {
                            item: item_index,
                            paper: paper_index,
                            first_page: next_page,
                            page_count,
                        });
                        next_page += page_count;
                    }
                    Some(Loaded::Listed(_)) => unreadable.push(paper.file_name.clone()),
                    None => {}
                }
            }
            if let Some(page) = first_page {
                let label = format!("{}. {}", item.number, item.title);
                pack.add_bookmark(Bookmark::new(label, [0.0, 0.0, 0.0], 0, page), None);
            }
        }
        if let Some(outline) = pack.build_outline() {
            let catalog = pack.catalog_mut()?;
            catalog.set("Outlines", Object::Reference(outline));
            catalog.set("PageMode", "UseOutlines");
        }
        let page_count = u32::try_from(pack.get_pages().len())?;
        pack.compress();
        let mut pdf = Vec::new();
        pack.save_to(&mut pdf)?;
        Ok(BuiltPack { pdf, page_count, front_pages, unreadable, segments })
    }
}

/// The cover page, then the agenda, as page layouts. `front_pages` is the number of pages they are
/// assumed to take (for the page numbers printed against each item).
fn front_matter(
    source: &PackSource,
    loaded: &[Vec<Option<Loaded>>],
    front_pages: u32,
) -> anyhow::Result<Vec<Vec<layout::Line>>> {
    let cover = &source.cover;
    let mut blocks = vec![
        PrintBlock::Note(cover.portal_name.clone()),
        PrintBlock::Gap,
        PrintBlock::Heading("Board pack".into()),
        PrintBlock::Paragraph(cover.when.clone()),
    ];
    if let Some(location) = &cover.location {
        blocks.push(PrintBlock::Paragraph(format!("Location: {location}")));
    }
    if let Some(link) = &cover.link {
        blocks.push(PrintBlock::Paragraph(format!("Join online: {link}")));
    }
    blocks.push(PrintBlock::Gap);
    blocks.push(PrintBlock::Note(
        "Confidential: for the board's members only. The agenda on the next page gives the page on which \
         each item's papers start; the bookmarks open each item."
            .into(),
    ));
    let cover_page = PrintDocument { title: cover.meeting_title.clone(), blocks };

    let mut blocks = Vec::new();
    let mut next_page = front_pages + 1;
    if source.items.is_empty() {
        blocks.push(PrintBlock::Paragraph("The agenda has no items yet.".into()));
    }
    for (item, papers) in source.items.iter().zip(loaded) {
        blocks.push(PrintBlock::Heading(format!("{}. {}", item.number, item.title)));
        blocks.push(PrintBlock::Note(item.details.clone()));
        if !item.description.trim().is_empty() {
            blocks.push(PrintBlock::Paragraph(item.description.clone()));
        }
        for (paper, state) in item.papers.iter().zip(papers) {
            let line = match state {
                Some(Loaded::Merge(_, pages)) => {
                    let line = format!("Paper: {} - page {next_page} ({} pages)", paper.title, pages);
                    next_page += pages;
                    line
                }
                Some(Loaded::Listed(reason)) => {
                    format!("Separate download: {} ({}) - {reason}", paper.title, paper.file_name)
                }
                None => format!("Separate download: {} ({})", paper.title, paper.file_name),
            };
            blocks.push(PrintBlock::Paragraph(line));
        }
        blocks.push(PrintBlock::Gap);
    }
    let agenda = PrintDocument { title: "Agenda".into(), blocks };
    let (width, height) = (PAGE_WIDTH - 2.0 * MARGIN, PAGE_HEIGHT - 2.0 * MARGIN);
    let mut pages = layout::paginate(&cover_page, width, height)?;
    // The cover is one page: anything longer is cut rather than pushing the agenda's numbering.
    pages.truncate(1);
    pages.extend(layout::paginate(&agenda, width, height)?);
    Ok(pages)
}

/// Appends every page of `paper` to the pack's page tree; answers the id of its first page.
fn append(pack: &mut Document, pages_id: ObjectId, mut paper: Document) -> anyhow::Result<ObjectId> {
    // Inherited attributes (media box, resources, rotation) move onto each page: the pages get a new
    // parent, whose own attributes are the pack's.
    let paper_pages: Vec<ObjectId> = paper.get_pages().into_values().collect();
    for page_id in &paper_pages {
        let page = materialised(&paper, *page_id)?;
        paper.objects.insert(*page_id, Object::Dictionary(page));
    }
    paper.renumber_objects_with(pack.max_id + 1);
    let paper_pages: Vec<ObjectId> = paper.get_pages().into_values().collect();
    let first = *paper_pages.first().ok_or_else(|| anyhow::anyhow!("a paper without pages"))?;
    pack.max_id = paper.max_id.max(pack.max_id);
    let page_set: HashSet<ObjectId> = paper_pages.iter().copied().collect();
    for (id, object) in paper.objects {
        let skip = matches!(object.type_name(), Ok(b"Catalog" | b"Pages" | b"Outlines" | b"Outline"));
        if skip {
            continue;
        }
        let object = match object {
            Object::Dictionary(mut page) if page_set.contains(&id) => {
                page.set("Parent", pages_id);
                // Links and forms pointing into the old document's structure are dropped with it.
                page.remove(b"Annots");
                Object::Dictionary(page)
            }
            other => other,
        };
        pack.objects.insert(id, object);
    }
    let root = pack.get_dictionary_mut(pages_id)?;
    let mut kids = root.get(b"Kids")?.as_array()?.clone();
    kids.extend(paper_pages.iter().map(|id| Object::Reference(*id)));
    let count = i64::try_from(kids.len())?;
    root.set("Kids", kids);
    root.set("Count", count);
    Ok(first)
}

/// The page's dictionary with the attributes it inherits from its ancestors written on it.
fn materialised(doc: &Document, page_id: ObjectId) -> anyhow::Result<Dictionary> {
    let mut page = doc.get_dictionary(page_id)?.clone();
    let media_box = inherited(doc, page_id, b"MediaBox")?
        .unwrap_or_else(|| Object::Array(vec![0.into(), 0.into(), PAGE_WIDTH.into(), PAGE_HEIGHT.into()]));
    let resources =
        inherited(doc, page_id, b"Resources")?.unwrap_or_else(|| Object::Dictionary(Dictionary::new()));
    let rotation = inherited(doc, page_id, b"Rotate")?.unwrap_or(Object::Integer(0));
    if let Some(crop_box) = inherited(doc, page_id, b"CropBox")? {
        page.set("CropBox", crop_box);
    }
    page.set("MediaBox", media_box);
    page.set("Resources", resources);
    page.set("Rotate", rotation);
    Ok(page)
}

fn inherited(doc: &Document, page_id: ObjectId, key: &[u8]) -> anyhow::Result<Option<Object>> {
    let mut current = page_id;
    let mut visited = HashSet::new();
    loop {
        if !visited.insert(current) {
            anyhow::bail!("a cycle in the page tree");
        }
        let node = doc.get_dictionary(current)?;
        if let Ok(value) = node.get(key) {
            match doc.dereference(value) {
                Ok((_, Object::Null)) | Err(lopdf::Error::ObjectNotFound(_)) => {}
                Ok((_, object)) => return Ok(Some(object.clone())),
                Err(error) => return Err(error.into()),
            }
        }
        match node.get(b"Parent") {
            Err(_) | Ok(Object::Null) => return Ok(None),
            Ok(parent) => current = parent.as_reference()?,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use domain::meetings::{PackCover, PackItem, PackPaper, Typesetter};
    use domain::AgendaPaperId;

    use super::*;
    use crate::PdfTypesetter;

    fn paper_pdf(title: &str, paragraphs: usize) -> Vec<u8> {
        let blocks =
            (0..paragraphs).map(|n| PrintBlock::Paragraph(format!("{title} paragraph {n}"))).collect();
        PdfTypesetter.typeset(&PrintDocument { title: title.into(), blocks }).unwrap()
    }

    fn item(number: i32, title: &str, papers: Vec<PackPaper>) -> PackItem {
        PackItem {
            number,
            title: title.into(),
            details: "Decision - 18:30 - 10 min".into(),
            description: String::new(),
            papers,
        }
    }

    fn pdf(title: &str, bytes: Vec<u8>) -> PackPaper {
        PackPaper {
            id: AgendaPaperId(0),
            title: title.into(),
            file_name: format!("{title}.pdf"),
            pdf: Some(bytes),
        }
    }

    #[test]
    fn cover_agenda_and_papers_in_order_with_one_bookmark_per_item_with_papers() {
        let budget = paper_pdf("Budget", 120);
        let budget_pages = Document::load_mem(&budget).unwrap().get_pages().len() as u32;
        assert!(budget_pages >= 2);
        let source = PackSource {
            cover: PackCover {
                portal_name: "Hope Trust".into(),
                meeting_title: "Board meeting".into(),
                when: "Thursday 5 March 2026, 18:30 to 20:30 (Europe/London)".into(),
                location: Some("Room 2".into()),
                link: Some("https://meet.example.org/board".into()),
            },
            items: vec![
                item(1, "Welcome", vec![]),
                item(
                    2,
                    "Budget",
                    vec![
                        pdf("Budget", budget),
                        PackPaper {
                            id: AgendaPaperId(9),
                            title: "Figures".into(),
                            file_name: "figures.xlsx".into(),
                            pdf: None,
                        },
                    ],
                ),
                item(
                    3,
                    "Policy",
                    vec![pdf("Policy", paper_pdf("Policy", 3)), pdf("Broken", b"%PDF-1.4 nonsense".to_vec())],
                ),
            ],
        };
        let built = PdfBoardPackBuilder.build(&source).unwrap();
        let doc = Document::load_mem(&built.pdf).unwrap();
        assert_eq!(built.front_pages, 2);
        assert_eq!(doc.get_pages().len() as u32, built.page_count);
        assert_eq!(built.page_count, 2 + budget_pages + 1);
        assert_eq!(built.unreadable, vec!["Broken.pdf".to_string()]);
        // Only the merged papers have segments: the budget (item 2's first paper), then the policy.
        assert_eq!(
            built.segments,
            vec![
                PackSegment { item: 1, paper: 0, first_page: 3, page_count: budget_pages },
                PackSegment { item: 2, paper: 0, first_page: 3 + budget_pages, page_count: 1 },
            ]
        );

        let cover = doc.extract_text(&[1]).unwrap();
        assert!(
            cover.contains("Hope Trust") && cover.contains("Board meeting") && cover.contains("Room 2"),
            "{cover}"
        );
        let agenda = doc.extract_text(&[2]).unwrap();
        assert!(agenda.contains("Paper: Budget - page 3"), "{agenda}");
        assert!(agenda.contains(&format!("Paper: Policy - page {}", 3 + budget_pages)), "{agenda}");
        assert!(agenda.contains("Separate download: Figures (figures.xlsx)"), "{agenda}");
        assert!(agenda.contains("Broken.pdf") && agenda.contains("could not be included"), "{agenda}");
        let first_budget_page = doc.extract_text(&[3]).unwrap();
        assert!(first_budget_page.contains("Budget paragraph 0"), "{first_budget_page}");

        let toc = doc.get_toc().unwrap();
        let titles: Vec<_> = toc.toc.iter().map(|entry| (entry.title.clone(), entry.page)).collect();
        assert_eq!(
            titles,
            vec![("2. Budget".to_string(), 3), ("3. Policy".to_string(), 3 + budget_pages as usize)]
        );
    }

    #[test]
    fn an_empty_agenda_is_a_cover_and_an_agenda_page() {
        let source = PackSource {
            cover: PackCover {
                portal_name: "Hope Trust".into(),
                meeting_title: "AGM".into(),
                when: "today".into(),
                location: None,
                link: None,
            },
            items: vec![],
        };
        let built = PdfBoardPackBuilder.build(&source).unwrap();
        assert_eq!(built.page_count, 2);
        assert!(Document::load_mem(&built.pdf).unwrap().get_toc().is_err_or_empty());
    }

    trait EmptyToc {
        fn is_err_or_empty(&self) -> bool;
    }

    impl EmptyToc for lopdf::Result<lopdf::Toc> {
        fn is_err_or_empty(&self) -> bool {
            self.as_ref().map(|toc| toc.toc.is_empty()).unwrap_or(true)
        }
    }
}
