string_enum!(
    NoticePriority {
        Low => "low",
        Normal => "normal",
        High => "high",
    }
);
