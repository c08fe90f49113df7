"""Examples for the durability check, written by hand for this project: statements worth remembering about a
person (who they are, what they do and did, who is in their life, what they like, need, plan and value),
and statements that are not (reactions, compliments, small talk, passing moods, pep talk to oneself,
remarks about a photo or an unnamed "it", talk about the conversation itself). Third person, as the
offline extractor writes memories. Used only to train the weights in core/durability_weights.py
(``python -m memlace.bench.train_durability``)."""

from __future__ import annotations

KEEP = """
Ana has two daughters who love swimming
Ben works night shifts at the hospital
Priya moved to Leeds to be closer to her parents
Tom is training for his first triathlon
Leila adopted a rescue greyhound last spring
Sam is allergic to shellfish
Marco grew up on a farm in Sicily
Jun started a pottery class on Tuesday evenings
Elena is writing a novel about her grandmother
Raj volunteers at the food bank every weekend
Chloe plays bass in a jazz band
David is saving up to buy a house
Nadia speaks Arabic, French and English
Oscar is learning to sail with his father
Fatima teaches chemistry at a secondary school
Lucas broke his leg skiing last winter
Hana is planning a trip to Japan in October
Ivan collects vintage cameras
Grace is studying to become a nurse
Mateo's brother lives in Buenos Aires
Zoe runs a small bakery with her wife
Kwame is the first in his family to go to university
Mia has been sober for three years
Noah prefers working late at night
Aisha loves hiking in the mountains with her dog
Pedro restores old motorcycles in his garage
Yuki is vegetarian and cooks a lot of tofu
Liam lost his job at the factory last month
Sara got engaged to her partner in June
Omar coaches his son's football team
Emma is recovering from knee surgery
Felix painted a mural for the community centre
Ruth takes care of her mother who has dementia
Aaron is learning Spanish for his new job
Maya joined a support group for new parents
Hugo built his own computer last year
Isla wants to open a yoga studio someday
Tariq is a huge fan of cricket
Beth writes poetry about the sea
Carlos ran a charity race for cancer research
Nina's favourite book is Pride and Prejudice
Theo has a pet turtle called Rocket
Amara is moving to Berlin for a PhD
Jack's parents divorced when he was ten
Lena is afraid of flying
Victor works remotely for a startup in Toronto
Rosa makes her own jewellery and sells it online
Ali is training to be an electrician
Kate has been married for twenty years
Sofia went camping with her kids at the lake
Daniel started therapy to deal with anxiety
Mei grows tomatoes and herbs on her balcony
Jonas plays chess online every evening
Olivia is pregnant with her second child
Ethan reads a lot of science fiction
Laura lost her grandfather this year
Max is organising a fundraiser for the animal shelter
Ines has a degree in architecture
Paul bikes to work every day
Hiro is writing a thesis on climate policy
Clara gave a talk at a conference about accessibility
Amir's sister is a doctor in Cairo
Julia finished her first marathon in four hours
Ravi meditates every morning before work
Alice is allergic to cats but has a dog
Leo wants to become a firefighter
Ken quit smoking last year
Eva prefers tea over coffee
Tim is learning to play the guitar
Nora visited her cousins in Ireland in the summer
Sven is a member of a rowing club
Lily is starting college in the autumn
Bruno cooks dinner for his neighbours on Fridays
Anya's daughter just started kindergarten
Kofi has type 2 diabetes
Dana bought a house near the river
Irene is looking for a new job in marketing
Will is passionate about renewable energy
Rohan won a prize for his photography
Tess is raising money for a school in Kenya
Ahmed is a software engineer at a bank
Vera loves painting with watercolours
Joel has been playing the violin since he was six
Kim takes her kids to the museum on weekends
Marta's husband is a firefighter
Ada is building a robot for a science fair
Nico plans to adopt a child
Rick is a veteran who served in the navy
Helen hosts a book club every month
Ian is moving back to Scotland next year
Mark shares custody of his kids
Lucy is learning to bake bread
Femi plays the drums at church
Hamid is studying for his driving test
Joy went to a music festival with her best friend
Kurt builds furniture from reclaimed wood
Lara's family comes from Lebanon
Miles has a scar from a childhood accident
Olga teaches piano to children
Quinn is nonbinary and uses they/them pronouns
Rey is taking a break from social media
Sana is going back to school to study law
Uma's favourite food is her mother's curry
Wes struggles with insomnia
Xena goes rock climbing with her partner
Zane inherited his grandfather's watch
Arjun went to a jazz concert last Saturday
Bella read Little Women as a child and still loves it
Cody's band won a regional contest last year
Dina lost her job at a call centre in March
Eli started a podcast about urban gardening
Farah took her nephews to the zoo last weekend
Gus paints landscapes in watercolour
Hope volunteers at an animal shelter
Ivo is opening a coffee shop next spring
Jess ran her first half marathon in May
Kai's grandmother taught him to cook
Lina went camping in the Alps with her family
Moe has a pet parrot named Kiwi
Nell is taking a pottery workshop this month
Otto quit his office job to become a carpenter
Pam goes to a book club every Thursday
Rui went to his cousin's wedding in Porto
Suki wants to adopt a child
Tim got a promotion at the bank
Una is learning sign language
""".strip().splitlines()

DROP = """
Ana thinks that is so cool
Ben says thanks for the kind words
Priya is so happy for her friend
Tom says that sounds amazing
Leila loves that painting
Sam is glad they had fun
Marco will keep them posted
Jun says talk to you soon
Elena is off to bed now
Raj hopes they have a great day
Chloe agrees completely
David can't wait to hear more
Nadia thinks they would be a great counselor
Oscar says good luck with everything
Fatima is proud of them
Lucas says that's awesome
Hana is always there for them
Ivan loves the colours in the photo
Grace says it looks so cozy
Mateo wishes them the best
Zoe says no problem
Kwame is not sure what to say
Mia thinks it's a great idea
Noah says bye for now
Aisha is sorry to hear that
Pedro says keep up the good work
Yuki thinks that picture is beautiful
Liam says they totally get it
Sara is curious what they think
Omar says that is wild
Emma is just checking in
Felix said it was nice chatting
Ruth thinks they look amazing together
Aaron says it sounds like a blast
Maya is so excited for them
Hugo says the pic is great
Isla thinks their words mean a lot
Tariq is thankful for the support
Beth says they make a good point
Carlos says that is so true
Nina feels the same way
Theo says that is hilarious
Amara says they are right
Jack says they got this
Lena thinks it must have been tough
Victor loves the vibe of the picture
Rosa says it was a long day
Ali hopes it goes well
Kate says they deserve it
Sofia says thanks for asking
Daniel thinks it is so inspiring
Mei says it is really sweet
Jonas is impressed by their progress
Olivia says that is a good question
Ethan says they will think about it
Laura says they are lucky
Max agrees that self-care is important
Ines says they always find a way
Paul wonders what they are up to
Hiro says see you later
Clara appreciates them sharing that
Amir says that is kind of them
Julia says they look happy
Ravi thinks the sunset looks peaceful
Alice says it means a lot to hear that
Leo says they are welcome
Ken says the weather is nice today
Eva is going to grab a coffee now
Gina says they should totally go for it
Jon thinks that is a cool idea
Nora will let them know how it goes
Sven says they will catch up later
Lily thinks it is amazing what they are doing
Bruno says they can do it
Kofi says what a great photo
Dana says it is a small world
Irene thinks it looks delicious
Will says it is true what they say
Rohan thinks they would love it
Tess says it is their pleasure
Ahmed says they will check it out
Vera says they totally agree
Joel is happy to help
Kim says it is so nice of them
Marta says that is so sweet
Luis thinks that is really powerful
Ada wishes they were there
Nico says it must be nice
Pia is glad to hear it
Rick says it reminds them of the old days
Helen says they should chat more often
Ian says they will be in touch
Jade thinks it is so cool of them
Mark says they appreciate it
Lucy says it made their day
Femi says keep going
Hamid says it was a pleasure
Joy says what a lovely surprise
Kurt says it is crazy how time flies
Lara says it is good to see them
Miles says that makes sense
Olga says it sounds lovely
Quinn says they are so sweet
Rey says it is all good
Sana says cheers
Uma hopes they enjoy it
Wes says it is fine
Xena says they are in awe
Yara says it was fun talking
Zane thinks so too
Arjun is feeling confident today
Bella won't let anything stop her
Cody is staying positive and moving forward
Dina has to stay strong and keep going
Eli is going to keep chasing his dreams
Farah is trying to stay focused
Gus is pumped to get started
Hope feels really motivated right now
Ivo is determined to make it work
Jess is taking it one day at a time
Kai believes everything happens for a reason
Lina knows it will all work out
Moe is hanging in there
Nell is keeping her head up
Otto is going to give it his best shot
Pam thinks hard work always pays off
Rui says you only live once
Suki reminds herself to never give up
Tim feels like anything is possible
Una is grateful for every little moment
Vic thinks life is too short to worry
Wyn says it is all about the journey
Yan feels so blessed
Zia thinks that is what life is all about
Abe will think about what they can do
Bea is going to try it out sometime
Cal might give it a go
Dev will look into it
Eve is going to check that out
Fin has something to share
Gia has some news
Hal was just thinking about that
Ida has been meaning to ask about it
Jo was so nervous at first
Kit felt tiny and in awe
Lou was blown away by it
Mo thinks it is so freeing
Ned says it reminds him how lucky he is
Ona finds it so inspiring to see
Pat says moments like these are special
Rae says that photo is from a while back
Sid says the picture was taken at the event
Tia says it was so much fun
Vin says it was a great day
Wren says it was an amazing experience
Yves is glad it turned out well
Zed thinks it was worth it
""".strip().splitlines()
