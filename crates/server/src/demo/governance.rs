//! The demo board's governance (spec §10 Governance): terms of office (the Chair past nine years, the
//! Treasurer's term ending soon), a register with current and past interests, last year's declarations round
//! closed with one trustee outstanding, and written resolutions: one passed, one open; then the skills
//! matrix (`skills`) and the board evaluations (`evaluation`).

use anyhow::Context;
use chrono::{Datelike, Duration, Months};

use domain::governance::interest::InterestKind;
use domain::governance::resolution::{ThresholdKind, VoteChoice};
use domain::governance::{
    DeclarationService, DeclareRequest, InterestRequest, InterestService, OpenRoundRequest, ProposeRequest,
    ResolutionService, TermRequest, VoteRequest,
};
use domain::library::document::DocumentCategory;
use domain::library::{DocumentService, UploadDocument};
use domain::shared::{IsoDate, Received, ReceivedTime};
use domain::DeclarationRoundId;

use super::data::Who;
use super::{files, Seeder};

/// Terms: who, months since appointed, years, reappointment.
const TERMS: &[(Who, u32, i64, bool)] = &[
    (Who::Chair, 120, 3, false),
    (Who::Chair, 84, 3, true),
    (Who::Chair, 48, 3, true),
    (Who::Chair, 12, 3, true),
    (Who::Secretary, 18, 3, false),
    (Who::ViceChair, 24, 3, false),
    (Who::Treasurer, 34, 3, false),
    (Who::Safeguarding, 60, 3, false),
    (Who::Safeguarding, 24, 3, true),
    (Who::LivedExperience, 12, 3, false),
    (Who::People, 36, 4, false),
    (Who::NewTrustee, 1, 3, false),
];

/// Interests: who, kind, organisation, nature, started (days ago), ended (days ago).
type Entry = (Who, InterestKind, &'static str, &'static str, i64, Option<i64>);
const INTERESTS: &[Entry] = &[
    (
        Who::Treasurer,
        InterestKind::Directorship,
        "Gill & Co Accountants Ltd",
        "Director and shareholder",
        2900,
        None,
    ),
    (Who::Safeguarding, InterestKind::Trusteeship, "Northside Women's Aid", "Trustee", 1500, None),
    (
        Who::People,
        InterestKind::Family,
        "Leeds City Council",
        "Spouse works in adult social care commissioning",
        900,
        None,
    ),
    (
        Who::LivedExperience,
        InterestKind::Employment,
        "Recovery Café CIC",
        "Paid peer support worker",
        1200,
        Some(200),
    ),
    (
        Who::Chair,
        InterestKind::GiftOrHospitality,
        "Harcourt Foundation",
        "Dinner at the annual funders' evening",
        320,
        Some(320),
    ),
    (
        Who::Chair,
        InterestKind::Trusteeship,
        "Yorkshire Recovery Network",
        "Trustee and vice-chair",
        2000,
        None,
    ),
];

impl Seeder<'_> {
    pub(super) fn governance(&mut self) -> anyhow::Result<()> {
        self.terms()?;
        self.interests()?;
        self.declarations()?;
        self.resolutions()?;
        // After the terms: the matrix's succession warning reads them.
        self.skills()?;
        self.evaluations()
    }

    fn terms(&mut self) -> anyhow::Result<()> {
        let officer = self.person(Who::Secretary)?.clone();
        for (who, months_ago, years, reappointment) in TERMS {
            let started = self.today().checked_sub_months(Months::new(*months_ago)).context("date")?;
            let input = TermRequest {
                user_id: Some(self.person(*who)?.id),
                started_on: Received::Given(IsoDate(started)),
                term_years: Some(*years),
                reappointment: Some(*reappointment),
                ended_on: Received::Absent,
            };
            self.state
                .terms
                .create(&officer, input)
                .with_context(|| format!("cannot record a term of {who:?}"))?;
        }
        Ok(())
    }

    fn interests(&mut self) -> anyhow::Result<()> {
        for (who, kind, organisation, nature, started, ended) in INTERESTS {
            // Declared a week after it began; an ended one was later edited to say so.
            let service = InterestService { clock: self.clock(-started + 7), ..self.state.interests.clone() };
            let input = InterestRequest {
                user_id: None,
                kind: Received::Given(*kind),
                organisation: Some((*organisation).into()),
                nature: Some((*nature).into()),
                started_on: Received::Given(IsoDate(self.today() - Duration::days(*started))),
                ended_on: Received::Absent,
            };
            let owner = self.person(*who)?.clone();
            let entry = service
                .create(&owner, input.clone())
                .with_context(|| format!("cannot add {organisation}"))?;
            if let Some(ended) = ended {
                let ended_on = self.today() - Duration::days(*ended);
                let service =
                    InterestService { clock: self.clock(-ended + 1), ..self.state.interests.clone() };
                let input = InterestRequest { ended_on: Received::Given(IsoDate(ended_on)), ..input };
                service
                    .update(&owner, entry.id, input)
                    .with_context(|| format!("cannot end {organisation}"))?;
            }
        }
        Ok(())
    }

    fn declarations(&mut self) -> anyhow::Result<()> {
        let secretary = self.person(Who::Secretary)?.clone();
        // The code of conduct the board adopted, in the library.
        let documents = DocumentService { clock: self.clock(-330), ..self.state.documents.clone() };
        let pdf = files::typeset_pdf(
            "Trustees' Code of Conduct",
            &[
                "Trustees act in the best interests of the charity and its beneficiaries, declare any \
                 conflict of interest, keep the board's business confidential and treat everyone with respect.",
                "Adopted by the board; based on the Charity Commission's guidance CC3, The essential trustee.",
            ],
        )?;
        let file = files::received_file(documents.files.as_ref(), "Code of Conduct.pdf", &pdf)?;
        let code = documents.upload(
            &secretary,
            UploadDocument {
                title: Some("Trustees' Code of Conduct".into()),
                category: Received::Given(DocumentCategory::Governance),
                version: Some("2.0".into()),
                file: Some(file),
            },
        )?;
        self.summary.documents += 1;

        let opened = self.now - Duration::days(300);
        // Seeding again on top (--force) keeps the year's round there is.
        let rounds = self.state.declarations.list(&secretary)?;
        if rounds.iter().any(|r| r.round.year == opened.year()) {
            return Ok(());
        }

        let opened = self.now - Duration::days(300);
        let service =
            |days: i64| DeclarationService { clock: self.clock(days), ..self.state.declarations.clone() };
        let round = service(-300)
            .open(
                &self.person(Who::Chair)?.clone(),
                OpenRoundRequest {
                    year: Some(i64::from(opened.year())),
                    deadline: Received::Given(IsoDate(opened.date_naive() + Duration::days(30))),
                    code_of_conduct_document_id: Some(code.id),
                },
            )
            .context("cannot open the declarations round")?;
        let clear = DeclareRequest {
            register_complete: Some(true),
            over_18: Some(true),
            no_disqualification: Some(true),
            accepts_code: Some(true),
        };
        // Everyone but Liam Doyle declared; he is the one outstanding.
        let declaring = [
            Who::Secretary,
            Who::Chair,
            Who::ViceChair,
            Who::Treasurer,
            Who::Safeguarding,
            Who::People,
            Who::NewTrustee,
        ];
        for (n, who) in declaring.iter().enumerate() {
            service(-295 + n as i64 * 2)
                .declare(&self.person(*who)?.clone(), round.id, clear)
                .with_context(|| format!("cannot declare for {who:?}"))?;
        }
        close_round(&service(-265), &self.person(Who::Chair)?.clone(), round.id)
    }

    fn resolutions(&mut self) -> anyhow::Result<()> {
        let chair = self.person(Who::Chair)?.clone();
        let papers = self.state.documents.list(&chair, None).context("cannot list the library")?;
        let paper = papers.iter().find(|d| d.title == "Budget and Cash-flow Forecast").map(|d| d.id);
        let service =
            |days: i64| ResolutionService { clock: self.clock(days), ..self.state.resolutions.clone() };
        let passed = service(-20)
            .propose(
                &chair,
                ProposeRequest {
                    title: Some("Approve the revised budget".into()),
                    text: Some(
                        "That the board approves the revised budget and cash-flow forecast for this year."
                            .into(),
                    ),
                    closes_at: ReceivedTime::Given(self.now - Duration::days(13)),
                    threshold: Received::Given(ThresholdKind::Majority),
                    threshold_count: None,
                    paper_document_ids: paper.into_iter().collect(),
                    conflicted_user_ids: vec![],
                },
            )
            .context("cannot propose the passed resolution")?;
        let voters = [Who::Chair, Who::ViceChair, Who::Treasurer, Who::Safeguarding, Who::People];
        for (n, who) in voters.iter().enumerate() {
            let comment = (n == 2).then(|| "The forecast is prudent.".to_string());
            let vote = VoteRequest { vote: Received::Given(VoteChoice::For), comment };
            service(-19 + n as i64)
                .vote(&self.person(*who)?.clone(), passed.id, vote)
                .with_context(|| format!("cannot vote for {who:?}"))?;
        }
        let open = service(-2)
            .propose(
                &chair,
                ProposeRequest {
                    title: Some("Appoint Northside Accountants as independent examiner".into()),
                    text: Some(
                        "That the board appoints Northside Accountants LLP as independent examiner of the \
                         annual accounts."
                            .into(),
                    ),
                    closes_at: ReceivedTime::Given(self.now + Duration::days(5)),
                    threshold: Received::Given(ThresholdKind::Majority),
                    threshold_count: None,
                    paper_document_ids: vec![],
                    // The Treasurer's firm works with the examiner: conflicted, not eligible to vote.
                    conflicted_user_ids: vec![self.person(Who::Treasurer)?.id],
                },
            )
            .context("cannot propose the open resolution")?;
        let vote = VoteRequest { vote: Received::Given(VoteChoice::For), comment: None };
        service(-1).vote(&chair, open.id, vote).context("cannot vote on the open resolution")?;
        Ok(())
    }
}

fn close_round(
    service: &DeclarationService,
    chair: &domain::identity::user::User,
    id: DeclarationRoundId,
) -> anyhow::Result<()> {
    service.close(chair, id).context("cannot close the declarations round")?;
    Ok(())
}
